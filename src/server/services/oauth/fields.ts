import { AccountSuspendedError, type JsonAnswer, type ProfileContext, ProviderError } from './types.js';

type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string field of an answer, or null (numbers, e.g. GitHub's ids, become strings). */
export function text(object: unknown, key: string): string | null {
  if (!isObject(object)) return null;
  const value = object[key];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** The account's stable id at the provider; without one the answer is unusable. */
export function subjectOf(object: unknown, key: string, provider: string): string {
  const subject = text(object, key);
  if (!subject) throw new ProviderError(`${provider} answered a user without ${key}`);
  return subject;
}

/** An account's email as the provider gave it, and the same address only when the provider vouches for it. */
export interface ProviderEmail {
  /** Shown on the linked account, whether verified or not. */
  email: string | null;
  /** Used for the allowlist (and any matching by email): null unless the provider says it verified it. */
  verified: string | null;
}

/** Verified only on an explicit `true` (Apple writes it as the string "true"); absent is not verified. */
export function providerEmail(
  object: unknown,
  emailKey = 'email',
  verifiedKey = 'email_verified',
): ProviderEmail {
  const email = text(object, emailKey)?.toLowerCase() ?? null;
  const flag = isObject(object) ? object[verifiedKey] : undefined;
  return { email, verified: email && (flag === true || flag === 'true') ? email : null };
}

/**
 * The JSON body of a successful user-API answer. A 403 whose body speaks of suspension is
 * oauth_account_suspended (Twitter and GitHub answer so); anything else not 2xx is a ProviderError.
 */
export function okBody(answer: JsonAnswer, what: string): unknown {
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  if (answer.status === 403 && /suspend/i.test(JSON.stringify(answer.body ?? ''))) {
    throw new AccountSuspendedError();
  }
  throw new ProviderError(`${what} answered status ${answer.status}`);
}

/**
 * OpenID Connect providers with a userinfo endpoint (Google, LinkedIn): the verified id_token's
 * subject, and the userinfo claims, which must be about that same subject.
 */
export async function oidcUserinfo(
  { idToken, endpoints, get }: ProfileContext,
  provider: string,
): Promise<{ subject: string; info: unknown }> {
  const info = endpoints.userinfoUrl
    ? okBody(await get(endpoints.userinfoUrl), `${provider} userinfo`)
    : idToken;
  const subject = subjectOf(idToken ?? info, 'sub', provider);
  if (subjectOf(info, 'sub', provider) !== subject)
    throw new ProviderError(`${provider} userinfo is about another user`);
  return { subject, info };
}
