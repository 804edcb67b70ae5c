import type { Services } from '../services/index.js';
import type { RateLimit } from '../services/rate-limit.js';

/** Counts a request against a limit; too_many_requests once it is spent. */
export function hitLimit(services: Services, key: string, rateLimit: RateLimit): Promise<void> {
  return services.rateLimiter.take(key, rateLimit);
}
