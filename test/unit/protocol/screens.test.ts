/** The screen table: keys derived from the spec's names must reach every screen, once. */
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../../../src/protocol/screens.js';

describe('SCREENS', () => {
  it('names each screen by its camel-cased key, without _SCREEN', () => {
    expect(SCREENS.landing).toBe('LANDING');
    expect(SCREENS.embeddedWalletCreated).toBe('EMBEDDED_WALLET_CREATED_SCREEN');
    expect(SCREENS.inAppBrowserLoginNotPossible).toBe('IN_APP_BROWSER_LOGIN_NOT_POSSIBLE');
    expect(SCREENS.mfaEnrollmentFlow).toBe('MFA_ENROLLMENT_FLOW_SCREEN');
    expect(SCREENS.connectOrCreate).toBe('CONNECT_OR_CREATE');
  });

  it('has one key per screen: no two names collapse into one key', () => {
    const names = Object.values(SCREENS);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toHaveLength(35);
    for (const [key, name] of Object.entries(SCREENS)) {
      expect(
        name
          .replace(/_SCREEN$/, '')
          .replaceAll('_', '')
          .toLowerCase(),
      ).toBe(key.toLowerCase());
    }
  });
});
