import { describe, expect, it } from 'vitest';
import { customAuthSettingsOf } from '../../../../src/core/settings/custom-auth.js';
import { loginSettingsOf } from '../../../../src/core/settings/login.js';
import { appConfig } from '../../helpers/fake-provider.js';

const customAuth = { getCustomAccessToken: async () => 'token', isLoading: false };

describe('login settings', () => {
  it("keeps the session cookie on the app's domain, and the page's host when the app names none", () => {
    expect(loginSettingsOf(appConfig({ session_cookie_domain: 'shop.test' }), {}).cookieDomain).toBe(
      'shop.test',
    );
    expect(loginSettingsOf(appConfig({ session_cookie_domain: null }), {}).cookieDomain).toBeNull();
    expect(loginSettingsOf(null, {}).cookieDomain).toBeUndefined();
  });

  it("logs in with the host's custom auth only when the host configures it", () => {
    expect(loginSettingsOf(appConfig(), {}).customAuth).toBeUndefined();
    expect(loginSettingsOf(appConfig(), { customAuth }).customAuth).toBe(customAuth);
    expect(customAuthSettingsOf({ customAuth }).customAuth).toBe(customAuth);
  });

  it('needs a login method the host keeps and the app has on', () => {
    const emailOnly = appConfig({ email_auth: true, sms_auth: false });
    expect(loginSettingsOf(emailOnly, { loginMethods: ['email'] }).hasLoginMethod).toBe(true);
    expect(loginSettingsOf(emailOnly, { loginMethods: ['sms'] }).hasLoginMethod).toBe(false);
    expect(loginSettingsOf(null, { loginMethods: ['email'] }).hasLoginMethod).toBe(false);
  });
});
