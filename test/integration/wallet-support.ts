import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type DeviceKey, deviceProof } from '../../src/frame/device-key.js';
import { WalletApiError } from '../../src/frame/wallet-api.js';
import type { ApiErrorBody } from '../../src/protocol/api.js';
import { HEADERS } from '../../src/protocol/constants.js';
import { generateSealKeyPair } from '../../src/protocol/sealed-box.js';
import {
  DEVICE_PROOF_HEADER,
  WALLET_DEVICE_PATHS,
  type WalletChallengeResponse,
} from '../../src/protocol/wallet-device.js';
import type { Harness } from './harness.js';

/**
 * A request to the provider as a client outside any browser writes it: the app id header, the
 * bearer token, and whatever Origin it likes (`origin: undefined` sends none).
 */
export function rawRequest(
  h: Harness,
  method: 'GET' | 'POST',
  url: string,
  token: string | undefined,
  body?: unknown,
  headers: Record<string, string | undefined> = { origin: h.publicUrl },
): Promise<LightMyRequestResponse> {
  const defined = Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return h.inject({
    method,
    url,
    headers: {
      [HEADERS.appId]: h.appId,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...defined,
    },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

/** A share request with a fresh reply key of the caller's own. */
export async function askForShare(
  h: Harness,
  path: string,
  token: string,
  headers?: Record<string, string | undefined>,
): Promise<LightMyRequestResponse> {
  const reply = await generateSealKeyPair();
  return rawRequest(h, 'POST', path, token, { replyKey: reply.publicJwk }, headers);
}

/** A refusal with this status and code, carrying no share. */
export function expectNoShare(response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<ApiErrorBody>().code).toBe(code);
  expect(response.body).not.toContain('"ct"');
}

/**
 * A POST signed as the wallet frame signs it: a fresh challenge, then the device proof of `key`
 * over the method, path and exact body (which `body` may build from the challenge).
 */
export async function signedRequest(
  h: Harness,
  token: string,
  path: string,
  key: DeviceKey,
  body: (challenge: string) => unknown | Promise<unknown>,
  options: { register?: boolean; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const challengeResponse = await rawRequest(h, 'POST', WALLET_DEVICE_PATHS.challenge, token, {});
  const { challenge } = challengeResponse.json<WalletChallengeResponse>();
  const text = JSON.stringify(await body(challenge));
  const proof = await deviceProof(key, {
    challenge,
    method: 'POST',
    path,
    body: text,
    register: options.register,
  });
  return rawRequest(h, 'POST', path, token, text, {
    origin: h.publicUrl,
    [DEVICE_PROOF_HEADER]: proof,
    ...options.headers,
  });
}

/** The code of the provider's refusal of `call` (undefined when it succeeds). */
export async function refusal(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    return error instanceof WalletApiError ? error.code : String(error);
  }
}
