/**
 * What the surface says that no catalogue says yet (each locale's version: ./locales/). The texts the widget's own screens already
 * show (WALLET_TEXT, PASSWORD_TEXT, TRANSACTION_TEXT, MFA_UI_TEXT, EXPORT_TEXTS, UI_TEXT's digit) are
 * imported from their modules by the views, never written again here.
 */
import { DIGIT_LABEL } from '../../core/text/ui.js';
import type { OAuthProvider } from '../../protocol/constants.js';
import { OAUTH_PROVIDER_NAMES } from '../../protocol/oauth-names.js';
import type { StepUpAccountWire, StepUpAction } from '../../protocol/step-up.js';

export const SURFACE_TEXT = {
  loading: 'Loading…',
  /** A code box's label (UI_TEXT's). */
  digit: DIGIT_LABEL,
  gone: 'This request is no longer waiting.',
  goneDetail: 'You can close this window.',
  done: 'Done',
  missingParameters: 'This page was opened without a request to show.',
  sign: 'Sign',
  send: 'Send',
  sending: 'Sending…',
  working: 'Working…',
  /** A chain the surface's table does not name (§9). */
  unknownChain: (id: number) => `Chain ${id}`,
  maxFee: 'Max network fee',
  data: 'Data',
  dataBytes: (bytes: number) => `${bytes} ${bytes === 1 ? 'byte' : 'bytes'} (calls a contract)`,
  // Verify it's you.
  verifyTitle: "Verify it's you",
  newDevice: 'Your wallet is being loaded on this device for the first time.',
  mfa: 'Enter a code to continue.',
  chooseFactor: 'How do you want to verify?',
  emailFactor: (label: string) => `Email a code to ${label}`,
  textFactor: (label: string) => `Text a code to ${label}`,
  totpFactor: 'Use your authenticator app',
  walletFactor: "Approve with this device's wallet",
  usableFrom: (when: string) => `Usable from ${when}`,
  notThisLogin: 'Not during this login',
  noFactorTitle: "This device cannot confirm it's you",
  noFactorDetail:
    'Open your wallet where you created it, and add an email, a phone or two-step verification to your account.',
  codeSentTo: (to: string) => `Enter the code sent to ${to}`,
  codeSent: 'Enter the code we sent you',
  codeFromApp: 'Enter the code from your authenticator app',
  anotherWay: 'Use another way',
  passkeyFactor: 'Use your passkey',
  // Why a step-up asks (changeLine): the change, with the account or method it names.
  link: (account: string) => `Link ${account} to your account`,
  unlink: (account: string) => `Remove ${account} from your account`,
  changeEmail: (email: string) => `Change your email to ${email}`,
  mfaEnroll: (method: string) => `Add two-step verification (${method})`,
  mfaUnenroll: (method: string) => `Remove two-step verification (${method})`,
  accounts: { email: 'email', phone: 'phone', wallet: 'wallet' } as Record<string, string>,
  anyPasskey: 'a passkey',
  namedPasskey: (name: string) => `the passkey ${name}`,
  smsTo: (phone: string) => `SMS to ${phone}`,
} as const;

/**
 * What the wallet frame writes in a view's alert, in the surface's language, by its code
 * (SurfaceState.code): the frame sends English, not knowing the language, and a surface locale
 * puts its own texts here (./locale.ts). Empty in English.
 */
export const FRAME_ERRORS = new Map<string | undefined, string>();

/**
 * How the page writes a review's amount (a §9 decimal from the frame: '0.05', '<0.000001') and a
 * date: as English does, until a locale puts its language's way (./locale.ts: '0,05' in German).
 */
export const LOCAL = {
  amount: (decimal: string): string => decimal,
  date: (date: Date): string => date.toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }),
};

/**
 * An account as the change line names it: 'email new@example.com', 'wallet 0x…', a social account
 * under its provider's name ('Google alice@example.com', from the provider's 'google alice@…'), or
 * the label as it is ('Farcaster #3').
 */
function accountName(account: StepUpAccountWire | null): string {
  if (!account) return '';
  // The provider names a passkey by its authenticator, or only 'New passkey' / 'Passkey'.
  if (account.type === 'passkey')
    return /^(new )?passkey$/i.test(account.label)
      ? SURFACE_TEXT.anyPasskey
      : SURFACE_TEXT.namedPasskey(account.label);
  const noun = SURFACE_TEXT.accounts[account.type];
  if (noun) return `${noun} ${account.label}`;
  const provider = account.type.replace(/_oauth$/, '') as OAuthProvider;
  const name = account.type.endsWith('_oauth') ? OAUTH_PROVIDER_NAMES[provider] : undefined;
  return name && account.label.startsWith(`${provider} `)
    ? `${name} ${account.label.slice(provider.length + 1)}`
    : account.label;
}

/** An MFA method of an enrolment or removal: 'authenticator app', 'SMS to +1 555…'. */
function methodName(account: StepUpAccountWire | null): string {
  if (!account) return '';
  if (account.type === 'sms' && account.label !== 'SMS') return SURFACE_TEXT.smsTo(account.label);
  return account.label;
}

/** Why the surface asks, from the ticket's action and account. */
export function changeLine(action: StepUpAction | null, account: StepUpAccountWire | null): string {
  switch (action) {
    case null:
    case 'new_device':
      return SURFACE_TEXT.newDevice;
    case 'link':
      return SURFACE_TEXT.link(accountName(account));
    case 'unlink':
      return SURFACE_TEXT.unlink(accountName(account));
    case 'update':
      return SURFACE_TEXT.changeEmail(account?.label ?? '');
    case 'mfa_enroll':
      return SURFACE_TEXT.mfaEnroll(methodName(account));
    case 'mfa_unenroll':
      return SURFACE_TEXT.mfaUnenroll(methodName(account));
  }
}
