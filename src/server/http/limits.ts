import type { Services } from '../services/index.js';
import type { Hit, RateLimit } from '../services/sessions/rate-limit.js';

/** Counts a request against a limit; too_many_requests once it is spent. */
export function hitLimit(services: Services, key: string, rateLimit: RateLimit): Promise<void> {
  return services.rateLimiter.take([key, rateLimit]);
}

/** Counts a request against several limits in one database round trip; too_many_requests for the first spent. */
export function hitLimits(services: Services, ...hits: Hit[]): Promise<void> {
  return services.rateLimiter.take(...hits);
}

const TEN_MINUTES = 10 * 60_000;

/*
 * The limits of single routes that the tests read too (a route file exports only its routes).
 */

/** Analytics events per browser (client id) and per IP: a page sends a handful, never hundreds. */
export const ANALYTICS_RATE_LIMITS: { perClient: RateLimit; perIp: RateLimit } = {
  perClient: { max: 60, windowMs: 60_000 },
  perIp: { max: 300, windowMs: 60_000 },
};

/**
 * Share releases (auth share, recovery): a page load of the frame takes one or two, each
 * signature one; a script holding a stolen token gets nothing from them anyway (no device key).
 */
export const WALLET_RELEASE_LIMITS: { perUser: RateLimit; perIp: RateLimit } = {
  perUser: { max: 60, windowMs: TEN_MINUTES },
  perIp: { max: 300, windowMs: TEN_MINUTES },
};

/** SIWE nonces asked for per client IP and per address. */
export const SIWE_INIT_RATE_LIMITS = {
  perIp: { max: 60, windowMs: TEN_MINUTES },
  perAddress: { max: 30, windowMs: TEN_MINUTES },
} satisfies Record<string, RateLimit>;
/** Signed SIWE messages checked per client IP and per address. */
export const SIWE_VERIFY_RATE_LIMITS = {
  perIp: { max: 120, windowMs: TEN_MINUTES },
  perAddress: { max: 30, windowMs: TEN_MINUTES },
} satisfies Record<string, RateLimit>;

/** Passkey challenges asked for per client IP (login, sign-up) and per user (link, verification). */
export const PASSKEY_INIT_RATE_LIMITS = {
  perIp: { max: 60, windowMs: TEN_MINUTES },
  perUser: { max: 30, windowMs: TEN_MINUTES },
} satisfies Record<string, RateLimit>;
/** Passkey answers checked per client IP and per user (a link, an unlink, a step-up's assertion). */
export const PASSKEY_VERIFY_RATE_LIMITS = {
  perIp: { max: 120, windowMs: TEN_MINUTES },
  perUser: { max: 30, windowMs: TEN_MINUTES },
} satisfies Record<string, RateLimit>;
