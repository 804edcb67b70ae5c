/**
 * The catalogue a locale translates: the English text objects, each named once, and the shape a
 * locale's texts must have (derived from them: a key missing, one too many or a text function of
 * another signature fails `tsc`). Texts only a host developer reads (configuration errors, console
 * warnings, the EIP-1193 and API wording a host's code may match) stay English and are left out.
 */
import { FLOW_MESSAGES } from '../errors/flow-messages.js';
import type { OAUTH_MESSAGES } from '../errors/oauth-messages.js';
import type { PASSWORDLESS_MESSAGES } from '../errors/passwordless-messages.js';
import type { PASSWORD_TEXT, TRANSACTION_TEXT } from '../errors/wallet-messages.js';
import type { ALLOWLIST_TEXT } from '../text/allowlist.js';
import type { CAPTCHA_MESSAGES } from '../text/captcha.js';
import { CODE_TEXT } from '../text/code.js';
import type { CONSENT_TEXT } from '../text/consent.js';
import type { EXTERNAL_WALLET_TEXT } from '../text/external-wallet.js';
import type { FARCASTER_UI_TEXT } from '../text/farcaster.js';
import type { FUNDING_TEXT } from '../text/funding.js';
import type { LINK_TEXT } from '../text/link.js';
import type { MFA_UI_TEXT } from '../text/mfa.js';
import type { MFA_ERROR_TEXT } from '../text/mfa-errors.js';
import type { OAUTH_UI_TEXT } from '../text/oauth.js';
import { OUTAGE_TEXT } from '../text/outage.js';
import type { PASSKEY_TEXT } from '../text/passkey.js';
import type { PHONE_TEXT } from '../text/phone.js';
import { ERROR_SCREEN_TEXT, UI_TEXT } from '../text/ui.js';
import type { WALLET_TEXT } from '../text/wallet.js';
import type { WALLET_FLOW_TEXT } from '../text/wallet-flow.js';

/**
 * The English text objects in the chunks every page and the first modal load (CODE_TEXT too,
 * placed in the entry: vite.chunks.ts), which a locale chunk imports at no cost. The lazy chunks'
 * objects name themselves as they load (core/text/registry.ts): importing them here would split
 * each out of its chunk into a file of its own (+166 B on the code screen, measured).
 */
export const ENGLISH = { UI_TEXT, ERROR_SCREEN_TEXT, OUTAGE_TEXT, FLOW_MESSAGES, CODE_TEXT };

/** Every text object of the catalogue, by name (types only). */
interface English {
  UI_TEXT: typeof UI_TEXT;
  ERROR_SCREEN_TEXT: typeof ERROR_SCREEN_TEXT;
  OUTAGE_TEXT: typeof OUTAGE_TEXT;
  CODE_TEXT: typeof CODE_TEXT;
  CONSENT_TEXT: typeof CONSENT_TEXT;
  ALLOWLIST_TEXT: typeof ALLOWLIST_TEXT;
  LINK_TEXT: typeof LINK_TEXT;
  PHONE_TEXT: typeof PHONE_TEXT;
  CAPTCHA_MESSAGES: typeof CAPTCHA_MESSAGES;
  OAUTH_UI_TEXT: typeof OAUTH_UI_TEXT;
  OAUTH_MESSAGES: typeof OAUTH_MESSAGES;
  FLOW_MESSAGES: typeof FLOW_MESSAGES;
  PASSWORDLESS_MESSAGES: typeof PASSWORDLESS_MESSAGES;
  PASSKEY_TEXT: typeof PASSKEY_TEXT;
  MFA_UI_TEXT: typeof MFA_UI_TEXT;
  MFA_ERROR_TEXT: typeof MFA_ERROR_TEXT;
  FARCASTER_UI_TEXT: typeof FARCASTER_UI_TEXT;
  FUNDING_TEXT: typeof FUNDING_TEXT;
  EXTERNAL_WALLET_TEXT: typeof EXTERNAL_WALLET_TEXT;
  WALLET_TEXT: typeof WALLET_TEXT;
  WALLET_FLOW_TEXT: typeof WALLET_FLOW_TEXT;
  TRANSACTION_TEXT: typeof TRANSACTION_TEXT;
  PASSWORD_TEXT: typeof PASSWORD_TEXT;
}

/** The keys whose texts only a host developer reads (they name code, settings or commands): English in every locale. */
export const DEVELOPER_KEYS = {
  CAPTCHA_MESSAGES: ['scriptFailed', 'invalidSiteKey'],
  OAUTH_MESSAGES: ['unknownProvider'],
  EXTERNAL_WALLET_TEXT: ['alreadyConnected', 'noWalletConnectProjectId'],
  WALLET_FLOW_TEXT: [
    'createTimedOut',
    'createNoResponse',
    'messageNotEmpty',
    'invalidTypedData',
    'paramsMustBeArray',
    'noConfirmationWaitNeedsUisOff',
    'noPromptNeedsUisOff',
  ],
} as const satisfies { [N in keyof English]?: readonly (keyof English[N])[] };
type DeveloperKey<N extends keyof English> = N extends keyof typeof DEVELOPER_KEYS
  ? (typeof DEVELOPER_KEYS)[N][number]
  : never;

/** A locale's version of a text object: the same keys, a string for a string, a function of the same parameters for a function. */
export type Texts<T> = {
  -readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: infer A) => string
      ? (...args: A) => string
      : Texts<T[K]>;
};

/** A locale: every text object of the catalogue, without its developer keys. */
export type Catalogue = { [N in keyof English]: Texts<Omit<English[N], DeveloperKey<N>>> };

/** A locale's three files, each its part of the catalogue: the first modal's, the other screens', the wallet's. */
export type FirstModalTexts = Pick<
  Catalogue,
  'UI_TEXT' | 'ERROR_SCREEN_TEXT' | 'OUTAGE_TEXT' | 'CODE_TEXT' | 'FLOW_MESSAGES'
>;
export type ScreenTexts = Pick<
  Catalogue,
  | 'CONSENT_TEXT'
  | 'ALLOWLIST_TEXT'
  | 'LINK_TEXT'
  | 'PHONE_TEXT'
  | 'CAPTCHA_MESSAGES'
  | 'OAUTH_UI_TEXT'
  | 'OAUTH_MESSAGES'
  | 'PASSWORDLESS_MESSAGES'
  | 'PASSKEY_TEXT'
  | 'FARCASTER_UI_TEXT'
>;
/** The wallet's texts the provider-origin surface shows too (the reviews, codes and passwords): ./<language>/review.ts. */
export type ReviewTexts = Pick<
  Catalogue,
  'MFA_UI_TEXT' | 'MFA_ERROR_TEXT' | 'WALLET_TEXT' | 'TRANSACTION_TEXT' | 'PASSWORD_TEXT'
>;
export type WalletTexts = ReviewTexts &
  Pick<Catalogue, 'FUNDING_TEXT' | 'EXTERNAL_WALLET_TEXT' | 'WALLET_FLOW_TEXT'>;
