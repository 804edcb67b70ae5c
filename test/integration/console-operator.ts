/**
 * An operator's requests to the console's API in integration tests: signed in with a `gatehouse
 * console link`, each request sent as the pages send it (the cookie, the CSRF header, the
 * provider's origin), and the audit log's rows about one target.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { CONSOLE_API_PATHS as PATHS } from '../../src/protocol/console.js';
import { type Harness, PUBLIC_URL, runCliCaptured } from './harness.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface OperatorSession {
  cookie: string;
  csrf: string;
}

export interface AuditRow {
  actor: string;
  action: string;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** A new console session of the operator `cli`, by a link the CLI prints. */
export async function signInOperator(h: Harness): Promise<OperatorSession> {
  const env = { ...h.database.env, GATEHOUSE_PUBLIC_URL: PUBLIC_URL, GATEHOUSE_CONSOLE: 'true' };
  const url = new URL((await runCliCaptured(env, ['console', 'link'])).stdout.trim());
  const response = await h.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  const cookie = String(response.headers['set-cookie']).split(';')[0] as string;
  const session = await h.inject({
    method: 'GET',
    url: PATHS.session,
    headers: { cookie, origin: PUBLIC_URL },
  });
  return { cookie, csrf: session.json<{ csrf_token: string }>().csrf_token };
}

/** Requests to `harness()` in `session()` (both read at each request); each change a second after the last. */
export function operatorClient(harness: () => Harness, session: () => OperatorSession) {
  const send = (method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const h = harness();
    // The audit log is newest first by time: each change gets its own second.
    if (method !== 'GET') h.clock.advance(1000);
    return h.inject({
      method,
      url,
      headers: {
        origin: PUBLIC_URL,
        cookie: session().cookie,
        'x-gatehouse-csrf': session().csrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  };
  /** The audit rows about `target`, oldest first. */
  const auditOf = async (target: string): Promise<AuditRow[]> =>
    (await send('GET', `${PATHS.audit}?limit=100`))
      .json<{ data: AuditRow[] }>()
      .data.filter((row) => row.target === target)
      .map(({ actor, action, before, after }) => ({ actor, action, target, before, after }))
      .reverse();
  return { send, auditOf };
}

export function expectError(
  response: LightMyRequestResponse,
  status: number,
  code: string,
  message?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ code, message: message ?? expect.any(String) });
}
