import { describe, expect, it } from 'vitest';
import { captchaConfig } from '../../../../src/core/captcha-config.js';
import { captchaEnabledOf } from '../../../../src/core/settings/captcha.js';
import { appConfig } from '../../helpers/fake-provider.js';

const withKey = (enabled: boolean) => appConfig({ captcha_enabled: enabled, captcha_site_key: 't:site-key' });

describe('captcha settings: the host over the app', () => {
  it("follows the app's captcha_enabled when the host says nothing", () => {
    expect(captchaEnabledOf(withKey(true), {})).toBe(true);
    expect(captchaEnabledOf(withKey(false), {})).toBe(false);
  });

  it("lets the host turn the app's captcha off, or on", () => {
    expect(captchaEnabledOf(withKey(true), { captchaEnabled: false })).toBe(false);
    expect(captchaEnabledOf(withKey(false), { captchaEnabled: true })).toBe(true);
    expect(captchaConfig(withKey(true), { captchaEnabled: false })).toBeNull();
    expect(captchaConfig(withKey(false), { captchaEnabled: true })?.siteKey).toBe('site-key');
  });

  it('is unset before the app configuration arrives, unless the host sets it', () => {
    expect(captchaEnabledOf(null, {})).toBeUndefined();
    expect(captchaEnabledOf(null, { captchaEnabled: true })).toBe(true);
  });
});
