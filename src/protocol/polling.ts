/**
 * The polling helper's defaults (§9): a wait the spec gives no interval of its own (a transaction
 * receipt, the captcha script) asks every POLL_DELAY_MS, at most POLL_MAX_ATTEMPTS times.
 */
export const POLL_DELAY_MS = 150;
export const POLL_MAX_ATTEMPTS = 270;
