/**
 * The captcha's site key and script for this page (§4.3, §5), or null when the captcha is off.
 * With the captcha code (a lazy chunk): nothing of it loads while the captcha is off.
 */
import { type CaptchaConfig, captchaConfig } from '../captcha-config.js';
import type { Context } from '../context.js';

/** Throws invalid_config for a site key not written `t:<site key>`, or a non-boolean switch. */
export const captchaSite = (ctx: Context): CaptchaConfig | null =>
  captchaConfig(ctx.$appConfig.get(), ctx.$hostConfig.get());
