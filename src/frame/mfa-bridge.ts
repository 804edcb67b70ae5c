/**
 * The key export view is a page of its own (export-view.ts), beside the hidden wallet frame on the
 * provider's origin. With MFA, the provider releases the auth share only with a proof, and the
 * proof lives in the wallet frame's memory: the export view asks the frame for it over a
 * BroadcastChannel, which only pages of the provider's origin in the same browser (and under the
 * same host site) can join — never the host page.
 */
import type { MfaSession } from './mfa-session.js';

export const MFA_BRIDGE_CHANNEL = 'gatehouse-mfa-proof';
/** How long the export view waits for the frame's answer before going on without a proof. */
const MFA_BRIDGE_WAIT_MS = 500;

/** What both sides need of a BroadcastChannel. */
export interface BridgeChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

interface ProofRequest {
  type: 'proof-request';
  id: string;
  accessToken: string;
}

interface ProofAnswer {
  type: 'proof';
  id: string;
  proof: string | null;
}

/** The wallet frame's side: answers a request with its proof for that token's session, if any. */
export function answerProofRequests(channel: BridgeChannel, session: MfaSession): void {
  channel.addEventListener('message', (event) => {
    const request = event.data as Partial<ProofRequest> | null;
    if (request?.type !== 'proof-request' || typeof request.id !== 'string') return;
    if (typeof request.accessToken !== 'string') return;
    const answer: ProofAnswer = {
      type: 'proof',
      id: request.id,
      proof: session.proofFor(request.accessToken) ?? null,
    };
    channel.postMessage(answer);
  });
}

/** The export view's side: the frame's proof for `accessToken`, or undefined when none answers in time. */
export function requestProof(
  channel: BridgeChannel,
  accessToken: string,
  waitMs = MFA_BRIDGE_WAIT_MS,
): Promise<string | undefined> {
  const id = globalThis.crypto.randomUUID();
  return new Promise((resolve) => {
    const done = (proof: string | undefined): void => {
      clearTimeout(timer);
      channel.removeEventListener('message', listener);
      resolve(proof);
    };
    const listener = (event: MessageEvent): void => {
      const answer = event.data as Partial<ProofAnswer> | null;
      if (answer?.type === 'proof' && answer.id === id && typeof answer.proof === 'string')
        done(answer.proof);
    };
    const timer = setTimeout(() => done(undefined), waitMs);
    channel.addEventListener('message', listener);
    const request: ProofRequest = { type: 'proof-request', id, accessToken };
    channel.postMessage(request);
  });
}
