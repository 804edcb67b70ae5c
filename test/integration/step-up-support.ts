import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type DeviceKey, newDeviceKey } from '../../src/frame/device-key.js';
import type { AuthResult } from '../../src/protocol/api.js';
import { generateSealKeyPair } from '../../src/protocol/sealed-box.js';
import {
  STEP_UP_PATHS,
  type StepUpApprovedResponse,
  type StepUpFactorKind,
  type StepUpRequiredBody,
  type StepUpTicketWire,
  stepUpApprovalMessage,
} from '../../src/protocol/step-up.js';
import { WALLET_API_PATHS } from '../../src/protocol/wallet-api.js';
import type { SurfaceUser } from './frame-host.js';
import type { Harness } from './harness.js';
import { rawRequest, signedRequest } from './wallet-support.js';

/** The ticket of a 403 step_up_required answer (fails the test on any other answer). */
export function ticketOf(response: LightMyRequestResponse): StepUpTicketWire {
  expect(response.statusCode, response.body).toBe(403);
  const body = response.json<StepUpRequiredBody>();
  expect(body.code).toBe('step_up_required');
  return body.ticket;
}

/** The recovery as a new browser asks for it, with `key` (a new one by default). */
export async function askRecovery(h: Harness, token: string, address: string, key?: DeviceKey) {
  const device = key ?? (await newDeviceKey());
  const reply = await generateSealKeyPair();
  const response = await signedRequest(
    h,
    token,
    WALLET_API_PATHS.recovery(address),
    device,
    () => ({ replyKey: reply.publicJwk }),
    { register: true },
  );
  return { response, device, reply };
}

export const sendCode = (h: Harness, token: string, ticket: string, factor: StepUpFactorKind) =>
  rawRequest(h, 'POST', STEP_UP_PATHS.send(ticket), token, { factor });

export const verifyCode = (
  h: Harness,
  token: string,
  ticket: string,
  factor: StepUpFactorKind,
  code: string,
) => rawRequest(h, 'POST', STEP_UP_PATHS.verify(ticket), token, { factor, code });

/** Approves the ticket with a code mailed to `email` (the user's), as the surface does it. */
export async function approveByEmail(
  h: Harness,
  token: string,
  ticket: string,
  email: string,
): Promise<StepUpApprovedResponse> {
  const since = h.mailbox.messages.length;
  const sent = await sendCode(h, token, ticket, 'email');
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await h.mailbox.codeFor(email, since);
  const verified = await verifyCode(h, token, ticket, 'email', code);
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json<StepUpApprovedResponse>();
}

/**
 * A new login of `email` a little later, as on another browser.
 */
export async function laterLogin(h: Harness, email: string): Promise<AuthResult> {
  h.clock.advance(5_000);
  return h.login(email);
}

/**
 * The recovery of a new browser (a new device key) as it goes through: asked, refused with its
 * ticket, the ticket approved by a code mailed to `email`, asked again with the same key.
 */
export async function approvedRecovery(h: Harness, token: string, address: string, email: string) {
  const first = await askRecovery(h, token, address);
  await approveByEmail(h, token, ticketOf(first.response).id, email);
  return askRecovery(h, token, address, first.device);
}

/**
 * The `wallet` factor as the frame uses it for a user with no other: a registered device key of
 * the wallet proves the request, and the wallet's key signs the ticket.
 */
export function approveByWallet(
  h: Harness,
  token: string,
  ticket: string,
  wallet: { address: string; device: DeviceKey; sign: (message: string) => Promise<string> },
) {
  return signedRequest(
    h,
    token,
    STEP_UP_PATHS.approveWithWallet(ticket),
    wallet.device,
    async (challenge) => ({
      addressSignature: await wallet.sign(
        stepUpApprovalMessage({ address: wallet.address, appId: h.appId, ticket, challenge }),
      ),
    }),
  );
}

/**
 * The person at the frame's surface confirming it is them by email: picks the email factor and
 * types the code the mail to `email` brought; `then` does what the surface asks next.
 */
export const confirmByEmail =
  (h: Harness, email: string, then?: SurfaceUser): SurfaceUser =>
  async (surface) => {
    await surface.kind('verify');
    const since = h.mailbox.messages.length;
    surface.act({ type: 'factor', factor: 'email' });
    await surface.waitFor((view) => view.kind === 'verify' && view.sentTo !== null);
    surface.act({ type: 'code', code: await h.mailbox.codeFor(email, since) });
    await then?.(surface);
  };

/** The person at the surface approving a change with the wallet on this device (the `wallet` factor). */
export const confirmByWallet: SurfaceUser = async (surface) => {
  await surface.kind('verify');
  surface.act({ type: 'factor', factor: 'wallet' });
  await surface.waitFor((view) => view.kind === 'verify' && view.factor === 'wallet');
  surface.act({ type: 'approve' });
};

/** The person at the surface setting a new recovery password. */
export const typePassword =
  (password: string): SurfaceUser =>
  async (surface) => {
    await surface.kind('password-set');
    surface.act({ type: 'password', password });
  };

/**
 * The person at a new device's surface typing the recovery password: `wrong` first, when given
 * (the surface says so and stays, and `afterWrong` checks what the test wants then), then `password`.
 */
export const enterPassword =
  (password: string, wrong?: string, afterWrong?: () => void): SurfaceUser =>
  async (surface) => {
    await surface.kind('password-enter');
    if (wrong !== undefined) {
      surface.act({ type: 'password', password: wrong });
      const { state } = await surface.waitFor(
        (view, s) => view.kind === 'password-enter' && s.error !== null,
      );
      expect(state.error).toBe('Invalid recovery password, please try again.');
      afterWrong?.();
    }
    surface.act({ type: 'password', password });
  };

/** A refused request: this status and code, and (for a share) no ciphertext in it. */
export function expectRefused(response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<{ code: string }>().code).toBe(code);
  expect(response.body).not.toContain('"ct"');
}
