/**
 * The captcha's switch (§4.3, §5): the host's `captchaEnabled` over the app's `captcha_enabled`.
 * Every page holds it (init() checks the captcha); the site key and script, read only when the
 * captcha is on, are in captcha-site.ts, with the captcha code.
 */
import type { AppConfigWire } from '../../protocol/api.js';
import type { HostConfig } from '../../protocol/client.js';
import type { Context } from '../context.js';

/** The host's value over the app's, unchecked: captchaConfig refuses anything but a boolean. */
export const captchaEnabledOf = (app: AppConfigWire | null, host: HostConfig): unknown =>
  host.captchaEnabled ?? app?.captcha_enabled;

/** Whether a login goes behind the captcha: any value but unset or false (a wrong one throws later). */
export function captchaOn(ctx: Context): boolean {
  const enabled = captchaEnabledOf(ctx.$appConfig.get(), ctx.$hostConfig.get());
  return enabled !== undefined && enabled !== false;
}
