import { ApiError } from '../../errors.js';

/** How long one call to a Farcaster service (relay, signer API, hub) may take. */
const FARCASTER_HTTP_TIMEOUT_MS = 10_000;

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** An answer of a Farcaster service: its status and its body as JSON (undefined when it is not JSON). */
export interface ServiceAnswer {
  status: number;
  body: unknown;
}

/** `base` (no trailing slash) joined with an absolute `path`. */
export const endpoint = (base: string, path: string): string => `${base.replace(/\/+$/, '')}${path}`;

/**
 * One call to a Farcaster service; farcaster_unavailable (logged by the caller's error
 * handler without the body) when it cannot be reached or does not answer in time.
 */
export async function callService(
  fetcher: FetchLike,
  url: string,
  init: RequestInit,
): Promise<ServiceAnswer> {
  let response: Response;
  try {
    response = await fetcher(url, { ...init, signal: AbortSignal.timeout(FARCASTER_HTTP_TIMEOUT_MS) });
  } catch {
    throw new ApiError('farcaster_unavailable', `${new URL(url).origin} could not be reached.`);
  }
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}

/** A JSON POST. */
export function postJson(
  fetcher: FetchLike,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return callService(fetcher, url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A string field of a JSON object, or null. */
export function field(object: unknown, key: string): string | null {
  if (typeof object !== 'object' || object === null) return null;
  const value = (object as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A positive safe-integer field of a JSON object, or null. */
export function intField(object: unknown, key: string): number | null {
  if (typeof object !== 'object' || object === null) return null;
  const value = (object as Record<string, unknown>)[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** farcaster_unavailable naming the service and what it answered. */
export function unavailable(what: string, status: number): ApiError {
  return new ApiError('farcaster_unavailable', `${what} answered status ${status}.`);
}
