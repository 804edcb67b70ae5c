import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { HEADERS } from '../../src/protocol/constants.js';
import { MFA_API_PATHS, MFA_PROOF_HEADER, type MfaEnrollResponse } from '../../src/protocol/mfa-api.js';
import type { BuildServerOptions } from '../../src/server/app.js';
import type { TwilioPeer } from '../support/twilio.js';
import { type Harness, PUBLIC_URL, startHarness } from './harness.js';

export const FROM = '+12015550100';

/** The harness with SMS through the Twilio peer and both MFA methods offered by the app. */
export async function startMfaHarness(
  twilio: TwilioPeer,
  account: { accountSid: string; authToken: string },
  options: Partial<BuildServerOptions> = {},
): Promise<Harness> {
  const h = await startHarness({ twilio: { ...account, from: FROM }, twilioBaseUrl: twilio.url, ...options });
  await h.server.gatehouse.apps.update(h.appId, [{ field: 'mfa_methods', value: ['sms', 'totp'] }]);
  return h;
}

/** A POST as the wallet frame makes it: same-origin with the provider, bearer, and the proof if any. */
export function asFrame(
  h: Harness,
  path: string,
  token: string,
  body: unknown = {},
  proof?: string,
): Promise<LightMyRequestResponse> {
  return h.inject({
    method: 'POST',
    url: path,
    headers: {
      [HEADERS.appId]: h.appId,
      origin: PUBLIC_URL,
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(proof ? { [MFA_PROOF_HEADER]: proof } : {}),
    },
    payload: JSON.stringify(body),
  });
}

/** What an authenticator app shows for `secret` (base32) at `ms`: computed with otpauth, as a phone would. */
export function authenticatorCode(secret: string, ms: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms });
}

/** Expects an error answer `{code}` with this status. */
export function expectError(response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ code });
}

/** init, scan, enrol with the current code; `proof` when another method is enrolled already. */
export async function enrolTotp(
  h: Harness,
  token: string,
  proof?: string,
): Promise<MfaEnrollResponse & { secret: string }> {
  const init = await asFrame(h, MFA_API_PATHS.totpInit, token, {}, proof);
  expect(init.statusCode, init.body).toBe(200);
  const { secret } = init.json<{ secret: string }>();
  const code = authenticatorCode(secret, h.clock.now());
  const enrolled = await asFrame(h, MFA_API_PATHS.totpEnroll, token, { code }, proof);
  expect(enrolled.statusCode, enrolled.body).toBe(200);
  return { ...enrolled.json<MfaEnrollResponse>(), secret };
}
