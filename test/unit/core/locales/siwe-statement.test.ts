/**
 * The Sign-In With Ethereum message a wallet signs is the same in every language: EIP-4361 allows
 * only ASCII in its statement, and the provider refuses anything else. With each locale's wallet
 * texts shown, the widget's message still parses on the provider.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_MODAL as AR_LOGIN } from '../../../../src/core/locales/ar/login.js';
import { SCREENS as AR_SCREENS } from '../../../../src/core/locales/ar/screens.js';
import { WALLET as AR_WALLET } from '../../../../src/core/locales/ar/wallet.js';
import { FIRST_MODAL as JA_LOGIN } from '../../../../src/core/locales/ja/login.js';
import { SCREENS as JA_SCREENS } from '../../../../src/core/locales/ja/screens.js';
import { WALLET as JA_WALLET } from '../../../../src/core/locales/ja/wallet.js';
import { EXTERNAL_WALLET_TEXT } from '../../../../src/core/text/external-wallet.js';
import { siweMessage } from '../../../../src/core/wallet/external/siwe.js';
import { parseSiweMessage } from '../../../../src/server/services/login/siwe-message.js';

const english = { ...EXTERNAL_WALLET_TEXT };
afterEach(() => Object.assign(EXTERNAL_WALLET_TEXT, english));

const LOCALES = {
  ja: { ...JA_LOGIN, ...JA_SCREENS, ...JA_WALLET },
  ar: { ...AR_LOGIN, ...AR_SCREENS, ...AR_WALLET },
};

describe('the sign-in message in every language', () => {
  for (const [locale, catalogue] of Object.entries(LOCALES)) {
    it(`parses on the provider with ${locale} shown`, () => {
      Object.assign(EXTERNAL_WALLET_TEXT, (catalogue as Record<string, unknown>).EXTERNAL_WALLET_TEXT);
      const message = siweMessage({
        domain: 'shop.example',
        address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
        uri: 'https://shop.example',
        chainId: 1,
        nonce: 'a1b2c3d4e5f6a7b8',
        issuedAt: '2026-11-29T22:00:00.000Z',
      });
      expect(() => parseSiweMessage(message)).not.toThrow();
    });
  }
});
