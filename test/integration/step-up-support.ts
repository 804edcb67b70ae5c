import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type DeviceKey, newDeviceKey } from '../../src/frame/device-key.js';
import { generateSealKeyPair } from '../../src/protocol/sealed-box.js';
import {
  STEP_UP_PATHS,
  type StepUpApprovedResponse,
  type StepUpFactorKind,
  type StepUpRequiredBody,
  type StepUpTicketWire,
} from '../../src/protocol/step-up.js';
import { WALLET_API_PATHS } from '../../src/protocol/wallet-api.js';
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

/** A refused request: this status and code, and (for a share) no ciphertext in it. */
export function expectRefused(response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<{ code: string }>().code).toBe(code);
  expect(response.body).not.toContain('"ct"');
}
