/**
 * The frame's MFA proof, in this frame's memory only (never stored, never posted to the host). It
 * belongs to the user and session of the access token that verified: a request with a token of
 * another user or session drops it, as do its expiry and `mfa:clear`. Whoever rebuilt a wallet
 * under the proof listens for changes and forgets that wallet.
 */
import type { MfaProofResponse } from '../protocol/mfa-api.js';

interface Held {
  proof: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  owner: string;
}

/** `sub|sid` of a JWT (read, not verified: the provider verifies it), or the token itself. */
function ownerOf(accessToken: string): string {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as Record<
      string,
      unknown
    >;
    if (typeof claims.sub === 'string' && typeof claims.sid === 'string')
      return `${claims.sub}|${claims.sid}`;
  } catch {}
  return accessToken;
}

export class MfaSession {
  private held: Held | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Called whenever the proof is replaced or dropped. */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** Keeps the proof of a verification made with `accessToken`; returns when it runs out (ms). */
  keep(accessToken: string, answer: MfaProofResponse): number {
    const expiresAt = Math.min(answer.expires_at * 1000, Number.MAX_SAFE_INTEGER);
    this.held = { proof: answer.proof, expiresAt, owner: ownerOf(accessToken) };
    this.changed();
    return expiresAt;
  }

  /** The live proof for requests made with `accessToken`; a token of another session drops it. */
  proofFor(accessToken: string): string | undefined {
    const held = this.held;
    if (!held) return undefined;
    if (held.owner !== ownerOf(accessToken) || held.expiresAt <= this.now()) {
      this.clear();
      return undefined;
    }
    return held.proof;
  }

  clear(): void {
    const had = this.held !== undefined;
    this.held = undefined;
    if (had) this.changed();
  }
}
