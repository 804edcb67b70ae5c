import type { AccessTokenClaims } from '../../protocol/api.js';
import { TOKEN_FRESHNESS_MARGIN_MS } from '../../protocol/constants.js';

/** Reads a JWT's claims without verifying it (the server verifies; the client only needs `exp` and `aud`). */
export function decodeJwtPayload(token: string): Partial<AccessTokenClaims> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' ? (claims as Partial<AccessTokenClaims>) : null;
  } catch {
    return null;
  }
}

/** Active: it does not expire within TOKEN_FRESHNESS_MARGIN_MS (§4.1). */
export function isTokenActive(token: string, nowMs: number): boolean {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && exp * 1000 - nowMs > TOKEN_FRESHNESS_MARGIN_MS;
}

export function tokenAudience(token: string): string | undefined {
  return decodeJwtPayload(token)?.aud;
}
