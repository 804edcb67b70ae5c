/**
 * The step-up's `passkey` factor (protocol/step-up.ts): an assertion by one of the user's passkeys
 * over a `verifyInit` challenge, made in the surface, approves the ticket. On a new device the
 * same assertion asks the PRF too: when the wallet's recovery is sealed under that very passkey,
 * the recovery opens with it and the user is not asked a second time. The output stays with the
 * request's prompt (and so ends with it), never leaves the frame. With passkey MFA, the provider
 * answers that assertion's MFA proof too, kept as a code's is: no second touch for the gate.
 */
import { fromB64url } from '../protocol/sealed-box.js';
import type { StepUpTicketWire } from '../protocol/step-up.js';
import type { MfaSession } from './mfa-session.js';
import type { PasskeyApi } from './passkey-api.js';
import { runCeremony, showOn } from './passkey-ceremony.js';
import { keepPrf } from './passkey-shared.js';
import type { Prompt } from './prompts.js';

/** Approves `ticket` with a passkey asserted on `prompt`. */
export type PasskeyApproval = (
  prompt: Prompt,
  accessToken: string,
  ticket: StepUpTicketWire,
) => Promise<void>;

export function passkeyApproval(api: PasskeyApi, session?: Pick<MfaSession, 'keep'>): PasskeyApproval {
  return async (prompt, accessToken, ticket) => {
    const prf = ticket.action === 'new_device';
    const anotherWay = ticket.factors.some((f) => f.id !== 'passkey' && f.available_at === undefined);
    await runCeremony(showOn(prompt), {
      view: { purpose: 'step-up', ceremony: 'get', prf, canSignUp: false, anotherWay },
      options: () => api.verifyInit(accessToken),
      async submit(action) {
        const approved = await api.approveStepUp(accessToken, ticket.id, action.credential);
        if (approved.mfa) session?.keep(accessToken, approved.mfa);
        if (prf && action.prf !== null) {
          keepPrf(prompt, { credentialId: action.credential.id, prf: fromB64url(action.prf) });
        }
      },
    });
  };
}
