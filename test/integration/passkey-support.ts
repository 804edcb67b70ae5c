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
import { STEP_UP_PATHS } from '../../src/protocol/step-up.js';
import type { BuildServerOptions } from '../../src/server/app.js';
import { type CeremonyChanges, SoftwareAuthenticator } from '../support/software-authenticator.js';
import { type Harness, ORIGIN, startHarness } from './harness.js';
import { askRecovery, ticketOf } from './step-up-support.js';
import { rawRequest } from './wallet-support.js';

/** A POST of the wallet frame (the provider's origin) to a passkey endpoint. */
export const framePost = (h: Harness, path: string, token: string | undefined, body: unknown = {}) =>
  rawRequest(h, 'POST', path, token, body);

/** An unlink as the host page's widget sends it (the app's origin, the user's bearer). */
export const unlinkPasskey = (h: Harness, token: string, credentialId: string) =>
  rawRequest(h, 'POST', PASSKEY_API_PATHS.unlink, token, { credentialId }, { origin: ORIGIN });

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
export async function startPasskeys(options: Partial<BuildServerOptions> = {}) {
  const h = await startHarness(options);
  await h.server.gatehouse.apps.update(h.appId, [{ field: 'passkey_auth', value: true }]);
  const authenticator = new SoftwareAuthenticator({ origin: h.publicUrl });
  return { h, authenticator, ...ceremonies(h, authenticator) };
}
export type PasskeyWorld = Awaited<ReturnType<typeof startPasskeys>>;

/** A fresh PasskeyWorld for each test of the file. */
export function usePasskeys(options: Partial<BuildServerOptions> = {}): PasskeyWorld {
  const w = {} as PasskeyWorld;
  beforeEach(async () => {
    Object.assign(w, await startPasskeys(options));
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

/** Approves a step-up ticket with the `passkey` factor: an assertion over a fresh `verifyInit` challenge. */
export async function approveByPasskey(
  h: Harness,
  authenticator: SoftwareAuthenticator,
  token: string,
  ticket: string,
  credentialId?: string,
): Promise<LightMyRequestResponse> {
  const options = optionsOf(await framePost(h, PASSKEY_API_PATHS.verifyInit, token));
  const response = authenticator.get(options, credentialId);
  return framePost(h, STEP_UP_PATHS.approveWithPasskey(ticket), token, { response });
}

/**
 * A new browser of a passkey user recovering the wallet: a passkey login a little later, the
 * recovery asked, its ticket (the passkey its only factor) approved by the passkey, asked again.
 */
export async function recoverWithPasskey(w: PasskeyWorld, address: string): Promise<LightMyRequestResponse> {
  w.h.clock.advance(5_000);
  const { token } = (await w.login()).json<AuthResult>();
  const first = await askRecovery(w.h, token, address);
  const ticket = ticketOf(first.response);
  expect(ticket.factors).toEqual([{ id: 'passkey', label: '' }]);
  expect((await approveByPasskey(w.h, w.authenticator, token, ticket.id)).statusCode).toBe(200);
  const again = await askRecovery(w.h, token, address, first.device);
  expect(again.response.statusCode, again.response.body).toBe(200);
  return again.response;
}
