/**
 * The step-up's `passkey` factor (protocol/step-up.ts): an assertion by one of the user's passkeys
 * over a `verifyInit` challenge, made in the surface, approves the ticket. On a new device the
 * same assertion asks the PRF too: when the wallet's recovery is sealed under that very passkey,
 * the recovery opens with it and the user is not asked a second time. The output stays with the
 * request's prompt (and so ends with it), never leaves the frame.
 */
import { fromB64url } from '../protocol/sealed-box.js';
import type { StepUpTicketWire } from '../protocol/step-up.js';
import type { PasskeyApi } from './passkey-api.js';
import { runCeremony, showOn } from './passkey-ceremony.js';
import type { Prompt } from './prompts.js';

/** A PRF output a step-up's assertion gave, and the passkey that gave it. */
export interface KeptPrf {
  credentialId: string;
  prf: Uint8Array;
}

const kept = new WeakMap<Prompt, KeptPrf>();

/** The PRF output this request's step-up gave (once: it is forgotten here). */
export function takeKeptPrf(prompt: Prompt | null): KeptPrf | undefined {
  if (!prompt) return undefined;
  const found = kept.get(prompt);
  kept.delete(prompt);
  return found;
}

/** Approves `ticket` with a passkey asserted on `prompt`. */
export type PasskeyApproval = (
  prompt: Prompt,
  accessToken: string,
  ticket: StepUpTicketWire,
) => Promise<void>;

export function passkeyApproval(api: PasskeyApi): PasskeyApproval {
  return async (prompt, accessToken, ticket) => {
    const prf = ticket.action === 'new_device';
    const anotherWay = ticket.factors.some((f) => f.id !== 'passkey' && f.available_at === undefined);
    await runCeremony(showOn(prompt), {
      view: { purpose: 'step-up', ceremony: 'get', prf, canSignUp: false, anotherWay },
      options: () => api.verifyInit(accessToken),
      async submit(action) {
        await api.approveStepUp(accessToken, ticket.id, action.credential);
        if (prf && action.prf !== null) {
          kept.set(prompt, { credentialId: action.credential.id, prf: fromB64url(action.prf) });
        }
      },
    });
  };
}
