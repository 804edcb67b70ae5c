/**
 * The polling helper's defaults (§9): a wait the spec gives no interval of its own (a transaction
 * receipt, the captcha script) asks every POLL_DELAY_MS, at most POLL_MAX_ATTEMPTS times.
 */
export const POLL_DELAY_MS = 150;
export const POLL_MAX_ATTEMPTS = 270;

/**
 * A sent transaction whose receipt the wait above did not see (a slow block, a node that failed
 * meanwhile) is still followed in the background: every RECEIPT_FOLLOW_DELAY_MS, for about 30
 * minutes, and the receipt that comes is reported then (EVENTS.transactionConfirmed).
 */
export const RECEIPT_FOLLOW_DELAY_MS = 4000;
export const RECEIPT_FOLLOW_MAX_ATTEMPTS = 450;
