import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, expect } from 'vitest';
import type { AuthResult, UserWire } from '../../src/protocol/api.js';
import {
  PASSKEY_API_PATHS,
  type PasskeyAccountWire,
  type PasskeyCredentialJSON,
  type PasskeyOptionsJSON,
  type PasskeyOptionsResponse,
} from '../../src/protocol/passkey.js';
import { type CeremonyChanges, SoftwareAuthenticator } from '../support/software-authenticator.js';
import { type Harness, startHarness } from './harness.js';
import { rawRequest } from './wallet-support.js';

/** A POST of the wallet frame (the provider's origin) to a passkey endpoint. */
export const framePost = (h: Harness, path: string, token: string | undefined, body: unknown = {}) =>
  rawRequest(h, 'POST', path, token, body);

/** The options of an `…/init` answer (fails the test on any other answer). */
export function optionsOf(response: LightMyRequestResponse): PasskeyOptionsJSON {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PasskeyOptionsResponse>().options;
}

/** A refusal with this status and code. */
export function expectCode(response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<{ code: string }>().code).toBe(code);
}

/** The user's passkey accounts. */
export const passkeysOf = (user: UserWire): PasskeyAccountWire[] =>
  user.linked_accounts.filter((a) => a.type === 'passkey') as unknown as PasskeyAccountWire[];

/** A provider with `passkey_auth` on, and a person's authenticator on the provider's origin. */
export async function startPasskeys() {
  const h = await startHarness();
  await h.server.gatehouse.apps.update(h.appId, [{ field: 'passkey_auth', value: true }]);
  const authenticator = new SoftwareAuthenticator({ origin: h.publicUrl });
  return { h, authenticator, ...ceremonies(h, authenticator) };
}
export type PasskeyWorld = Awaited<ReturnType<typeof startPasskeys>>;

/** A fresh PasskeyWorld for each test of the file. */
export function usePasskeys(): PasskeyWorld {
  const w = {} as PasskeyWorld;
  beforeEach(async () => {
    Object.assign(w, await startPasskeys());
  });
  afterEach(async () => {
    await w.h.close();
  });
  return w;
}

/** The frame's passkey ceremonies, with `authenticator` as the person's. */
export function ceremonies(h: Harness, authenticator: SoftwareAuthenticator) {
  /** A sign-up's credential: options without a bearer, the authenticator's answer. */
  async function signupCredential(changes?: CeremonyChanges): Promise<PasskeyCredentialJSON> {
    const options = optionsOf(await framePost(h, PASSKEY_API_PATHS.registerInit, undefined));
    return authenticator.create(options, changes);
  }

  async function signUp(): Promise<AuthResult & { credentialId: string }> {
    const credential = await signupCredential();
    const response = await framePost(h, PASSKEY_API_PATHS.signup, undefined, { response: credential });
    expect(response.statusCode, response.body).toBe(200);
    return { ...response.json<AuthResult>(), credentialId: credential.id };
  }

  async function loginCredential(credentialId?: string, changes?: CeremonyChanges) {
    const options = optionsOf(await framePost(h, PASSKEY_API_PATHS.loginInit, undefined));
    return authenticator.get(options, credentialId, changes);
  }

  const login = async (credentialId?: string, changes?: CeremonyChanges) =>
    framePost(h, PASSKEY_API_PATHS.login, undefined, {
      response: await loginCredential(credentialId, changes),
    });

  /** A link's credential: options with the user's bearer. */
  async function linkCredential(token: string, changes?: CeremonyChanges) {
    const options = optionsOf(await framePost(h, PASSKEY_API_PATHS.registerInit, token));
    return authenticator.create(options, changes);
  }

  const link = (token: string, credential: PasskeyCredentialJSON) =>
    framePost(h, PASSKEY_API_PATHS.link, token, { response: credential });

  /** An assertion over a `verifyInit` challenge of the token's user. */
  async function verifyCredential(token: string, credentialId?: string, changes?: CeremonyChanges) {
    const options = optionsOf(await framePost(h, PASSKEY_API_PATHS.verifyInit, token));
    return authenticator.get(options, credentialId, changes);
  }

  return { signupCredential, signUp, loginCredential, login, linkCredential, link, verifyCredential };
}
