/**
 * Turnstile's script, rendered explicitly by the widget; an app can point elsewhere
 * (captcha_script_url). A module of its own: only the lazy captcha code reads it, so it stays out
 * of the every-page chunk that holds constants.ts.
 */
export const CAPTCHA_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
