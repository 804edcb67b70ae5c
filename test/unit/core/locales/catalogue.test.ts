import { describe, expect, it } from 'vitest';
import { FLOW_MESSAGES } from '../../../../src/core/errors/flow-messages.js';
import { OAUTH_MESSAGES } from '../../../../src/core/errors/oauth-messages.js';
import { PASSWORDLESS_MESSAGES } from '../../../../src/core/errors/passwordless-messages.js';
import { PASSWORD_TEXT, TRANSACTION_TEXT } from '../../../../src/core/errors/wallet-messages.js';
import { FIRST_MODAL as AR_LOGIN } from '../../../../src/core/locales/ar/login.js';
import { SCREENS as AR_SCREENS } from '../../../../src/core/locales/ar/screens.js';
import { WALLET as AR_WALLET } from '../../../../src/core/locales/ar/wallet.js';
import { DEVELOPER_KEYS, ENGLISH } from '../../../../src/core/locales/catalogue.js';
import { FIRST_MODAL as DE_LOGIN } from '../../../../src/core/locales/de/login.js';
import { SCREENS as DE_SCREENS } from '../../../../src/core/locales/de/screens.js';
import { WALLET as DE_WALLET } from '../../../../src/core/locales/de/wallet.js';
import { FIRST_MODAL as ES_LOGIN } from '../../../../src/core/locales/es/login.js';
import { SCREENS as ES_SCREENS } from '../../../../src/core/locales/es/screens.js';
import { WALLET as ES_WALLET } from '../../../../src/core/locales/es/wallet.js';
import { FIRST_MODAL as FR_LOGIN } from '../../../../src/core/locales/fr/login.js';
import { SCREENS as FR_SCREENS } from '../../../../src/core/locales/fr/screens.js';
import { WALLET as FR_WALLET } from '../../../../src/core/locales/fr/wallet.js';
import { FIRST_MODAL as JA_LOGIN } from '../../../../src/core/locales/ja/login.js';
import { SCREENS as JA_SCREENS } from '../../../../src/core/locales/ja/screens.js';
import { WALLET as JA_WALLET } from '../../../../src/core/locales/ja/wallet.js';
import { FIRST_MODAL as KO_LOGIN } from '../../../../src/core/locales/ko/login.js';
import { SCREENS as KO_SCREENS } from '../../../../src/core/locales/ko/screens.js';
import { WALLET as KO_WALLET } from '../../../../src/core/locales/ko/wallet.js';
import { FIRST_MODAL as PT_LOGIN } from '../../../../src/core/locales/pt/login.js';
import { SCREENS as PT_SCREENS } from '../../../../src/core/locales/pt/screens.js';
import { WALLET as PT_WALLET } from '../../../../src/core/locales/pt/wallet.js';
import { FIRST_MODAL as TR_LOGIN } from '../../../../src/core/locales/tr/login.js';
import { SCREENS as TR_SCREENS } from '../../../../src/core/locales/tr/screens.js';
import { WALLET as TR_WALLET } from '../../../../src/core/locales/tr/wallet.js';
import { FIRST_MODAL as ZH_LOGIN } from '../../../../src/core/locales/zh/login.js';
import { SCREENS as ZH_SCREENS } from '../../../../src/core/locales/zh/screens.js';
import { WALLET as ZH_WALLET } from '../../../../src/core/locales/zh/wallet.js';
import { ALLOWLIST_TEXT } from '../../../../src/core/text/allowlist.js';
import { CAPTCHA_MESSAGES } from '../../../../src/core/text/captcha.js';
import { CODE_TEXT } from '../../../../src/core/text/code.js';
import { CONSENT_TEXT } from '../../../../src/core/text/consent.js';
import { EXTERNAL_WALLET_TEXT } from '../../../../src/core/text/external-wallet.js';
import { FARCASTER_UI_TEXT } from '../../../../src/core/text/farcaster.js';
import { FUNDING_TEXT } from '../../../../src/core/text/funding.js';
import { LINK_TEXT } from '../../../../src/core/text/link.js';
import { MFA_UI_TEXT } from '../../../../src/core/text/mfa.js';
import { MFA_ERROR_TEXT } from '../../../../src/core/text/mfa-errors.js';
import { OAUTH_UI_TEXT } from '../../../../src/core/text/oauth.js';
import { OUTAGE_TEXT } from '../../../../src/core/text/outage.js';
import { PASSKEY_TEXT } from '../../../../src/core/text/passkey.js';
import { PHONE_TEXT } from '../../../../src/core/text/phone.js';
import { ERROR_SCREEN_TEXT, UI_TEXT } from '../../../../src/core/text/ui.js';
import { WALLET_TEXT } from '../../../../src/core/text/wallet.js';
import { WALLET_FLOW_TEXT } from '../../../../src/core/text/wallet-flow.js';

import { type Node, pairs } from './texts-check.js';

/** Every English text object of the catalogue, by the name the locales use. */
const CATALOGUE: Record<string, Node> = {
  UI_TEXT,
  ERROR_SCREEN_TEXT,
  OUTAGE_TEXT,
  CODE_TEXT,
  CONSENT_TEXT,
  ALLOWLIST_TEXT,
  LINK_TEXT,
  PHONE_TEXT,
  CAPTCHA_MESSAGES,
  OAUTH_UI_TEXT,
  OAUTH_MESSAGES,
  FLOW_MESSAGES,
  PASSWORDLESS_MESSAGES,
  PASSKEY_TEXT,
  MFA_UI_TEXT,
  MFA_ERROR_TEXT,
  FARCASTER_UI_TEXT,
  FUNDING_TEXT,
  EXTERNAL_WALLET_TEXT,
  WALLET_TEXT,
  WALLET_FLOW_TEXT,
  TRANSACTION_TEXT,
  PASSWORD_TEXT,
};
const LOCALES: Record<string, Record<string, Node>> = {
  ja: { ...JA_LOGIN, ...JA_SCREENS, ...JA_WALLET },
  ar: { ...AR_LOGIN, ...AR_SCREENS, ...AR_WALLET },
  de: { ...DE_LOGIN, ...DE_SCREENS, ...DE_WALLET },
  zh: { ...ZH_LOGIN, ...ZH_SCREENS, ...ZH_WALLET },
  ko: { ...KO_LOGIN, ...KO_SCREENS, ...KO_WALLET },
  tr: { ...TR_LOGIN, ...TR_SCREENS, ...TR_WALLET },
  es: { ...ES_LOGIN, ...ES_SCREENS, ...ES_WALLET },
  pt: { ...PT_LOGIN, ...PT_SCREENS, ...PT_WALLET },
  fr: { ...FR_LOGIN, ...FR_SCREENS, ...FR_WALLET },
};

describe('the locales’ catalogues', () => {
  for (const [locale, catalogue] of Object.entries(LOCALES)) {
    it(`${locale} has every text of the English catalogue, with the same placeholders, and no other`, () => {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(CATALOGUE).sort());
      const problems = Object.entries(CATALOGUE).flatMap(([name, english]) =>
        pairs(english, catalogue[name] as Node, name, DEVELOPER_KEYS[name as keyof typeof DEVELOPER_KEYS]),
      );
      expect(problems).toEqual([]);
    });
  }

  it('names each developer-only key of an existing text', () => {
    for (const [name, keys] of Object.entries(DEVELOPER_KEYS))
      for (const key of keys) expect(CATALOGUE[name], `${name}.${key}`).toHaveProperty(key);
  });

  it('applies the objects the first modal carries, by their catalogue names', () => {
    for (const [name, english] of Object.entries(ENGLISH)) expect(CATALOGUE[name]).toBe(english);
  });
});
