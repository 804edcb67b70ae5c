import type { AppConfigWire } from '../protocol/api.js';
import type { HostConfig } from '../protocol/client.js';
import { CAPTCHA_SITE_KEY_PREFIX } from '../protocol/constants.js';
import * as CODES from './errors/codes.js';
import { clientError } from './errors/gatehouse-error.js';
import { MESSAGES } from './errors/messages.js';
import { captchaEnabledOf } from './settings/captcha.js';
import { CAPTCHA_MESSAGES } from './text/captcha.js';

/** Where a login's captcha comes from (§4.3): Turnstile's site key and script. */
export interface CaptchaConfig {
  /** The Turnstile site key, without the `t:` prefix. */
  siteKey: string;
  /** The app's own script URL; null for Turnstile's (CAPTCHA_SCRIPT_URL, read by the lazy captcha code). */
  scriptUrl: string | null;
}

const SITE_KEY = /^[\w.-]{1,200}$/;

/**
 * The captcha of this app, or null when it is off: the host's `captchaEnabled` over the app's
 * `captcha_enabled`, with the app's site key, which must be written `t:<site key>` (§5); any other
 * form throws with a message naming the key.
 */
export function captchaConfig(app: AppConfigWire | null, host: HostConfig): CaptchaConfig | null {
  const enabled = captchaEnabledOf(app, host) ?? false;
  if (typeof enabled !== 'boolean') {
    throw clientError(CODES.invalidConfig, MESSAGES.invalidConfig('captchaEnabled', enabled));
  }
  if (!enabled || !app) return null;
  const written = app.captcha_site_key;
  const key = written?.startsWith(CAPTCHA_SITE_KEY_PREFIX)
    ? written.slice(CAPTCHA_SITE_KEY_PREFIX.length)
    : '';
  if (!SITE_KEY.test(key)) {
    throw clientError(CODES.invalidConfig, CAPTCHA_MESSAGES.invalidSiteKey(written ?? null));
  }
  return { siteKey: key, scriptUrl: app.captcha_script_url ?? null };
}
