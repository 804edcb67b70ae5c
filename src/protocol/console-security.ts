/**
 * The console's security part (`/api/v1/console/keys…`, `…/api-secret…`, `…/operators…`): the token
 * signing keys, the apps' server-to-server API secrets, and the console's operators, as the
 * `gatehouse keys`, `apps secret` and `console users` commands change them.
 */

export const CONSOLE_SECURITY_PATHS = {
  /** GET: the signing keys, oldest first. POST: `keys rotate`, a new key (published, signing later). */
  keys: '/api/v1/console/keys',
  /** POST `{force?}`: `keys retire <kid> [--force]`, with its refusals. */
  retireKey: '/api/v1/console/keys/:kid/retire',
  /** GET: which apps have an API secret, and since when (never a secret). */
  apiSecrets: '/api/v1/console/api-secrets',
  /** POST: `apps secret <id>`, a new API secret answered once; the previous one stops working. */
  apiSecret: '/api/v1/console/apps/:id/api-secret',
  /** GET: the operators, active and removed. POST `{email}`: `console users add`. */
  operators: '/api/v1/console/operators',
  /** DELETE: `console users remove`; an operator cannot remove themselves here. */
  operator: '/api/v1/console/operators/:id',
} as const;

/** What a key does now, as `gatehouse keys list` says it. */
export type SigningKeyState = 'signs' | 'published' | 'verifies only';

/** One signing key (times in Unix seconds). */
export interface SigningKeyWire {
  kid: string;
  created_at: number;
  /** When it signs (or signed) from. */
  signs_from: number;
  state: SigningKeyState;
  /** For a key that only verifies: when `retire` stops refusing without `force`. */
  retirable_from: number | null;
}

export interface SigningKeysWire {
  data: SigningKeyWire[];
}

/** An app that has an API secret, and when it was made. */
export interface ApiSecretWire {
  app_id: string;
  created_at: number;
}

/** A console operator, as `console users list` shows one (times in Unix seconds). */
export interface OperatorWire {
  id: string;
  email: string;
  created_at: number;
  removed_at: number | null;
}
