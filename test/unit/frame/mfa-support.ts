/**
 * The provider's `mfa/*` and step-up endpoints as the frame sees them (what they were asked, what
 * they answer), and a request scope whose prompts a person answers in the surface.
 */
import { vi } from 'vitest';
import type { DemandDeps } from '../../../src/frame/demands.js';
import type { MfaClient } from '../../../src/frame/mfa-client.js';
import { MfaSession } from '../../../src/frame/mfa-session.js';
import { requestScope } from '../../../src/frame/request-scope.js';
import type { StepUpApi } from '../../../src/frame/step-up-api.js';
import { WalletApiError } from '../../../src/frame/wallet-api.js';
import type { StepUpTicketWire } from '../../../src/protocol/step-up.js';
import type { PromptMessage, SurfaceAction, SurfaceView } from '../../../src/protocol/surface.js';
import { SurfaceUser, surfaceChannel } from '../helpers/surface-channel.js';

export const NOW = 1_700_000_000_000;

/** An access token as the provider makes it (only its claims matter to the frame). */
export function token(sub: string, sid: string, exp = NOW / 1000 + 3600): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replaceAll('=', '');
  return `${part({ alg: 'ES256' })}.${part({ sub, sid, exp })}.signature`;
}

export const alice = token('did:gatehouse:alice', 's1');

/** The code the provider's step-up accepts. */
export const STEP_UP_CODE = '111111';

export function ticketOf(action: StepUpTicketWire['action'], approved = false): StepUpTicketWire {
  return {
    id: 'ticket-1',
    action,
    account: action === 'new_device' ? null : { type: 'totp', label: 'Authenticator app' },
    factors: [
      { id: 'email', label: 'a•••@example.com' },
      { id: 'phone', label: '•••• 0123', available_at: NOW / 1000 + 3600 },
    ],
    expires_at: NOW / 1000 + 600,
    approved_at: approved ? NOW / 1000 : null,
  };
}

/**
 * The provider: `mfa/*` answers (a proof per verification), and, when told, the demands it makes
 * first — a step-up for a user with a wallet (`stepUpFor`), an MFA verification when a method is
 * enrolled (`mfaFor`): the call is refused until the frame met them.
 */
export function recordingProvider(session: MfaSession) {
  const calls: unknown[][] = [];
  const state = { stepUpFor: new Set<string>(), mfaFor: new Set<string>(), approved: false, serial: 0 };
  const proof = () => {
    state.serial += 1;
    return { proof: `proof-${state.serial}`, expires_at: NOW / 1000 + 900 };
  };
  const user = { id: 'u1', created_at: 0, linked_accounts: [], mfa_methods: [], has_accepted_terms: false };
  const demand = (name: string, mfaProof: unknown) => {
    if (state.stepUpFor.has(name) && !state.approved) {
      const ticket = ticketOf(name === 'unenroll' ? 'mfa_unenroll' : 'mfa_enroll');
      throw new WalletApiError(403, 'step_up_required', 'Step-up required', { ticket });
    }
    if (state.mfaFor.has(name) && mfaProof === undefined) {
      throw new WalletApiError(403, 'missing_or_invalid_mfa', 'MFA required', { mfa_methods: ['totp'] });
    }
  };
  const answer =
    <A extends unknown[], R>(name: string, reply: (...args: A) => R) =>
    async (...args: A): Promise<R> => {
      calls.push([name, ...args]);
      demand(name, args.at(-1));
      return reply(...args);
    };
  const client: MfaClient = {
    sendVerificationSms: answer('sendVerificationSms', () => undefined),
    sendEnrolmentSms: answer('sendEnrolmentSms', () => undefined),
    enrollSms: answer('enrollSms', () => ({ user, ...proof() })),
    initTotp: answer('initTotp', () => ({ authUrl: 'otpauth://totp/Acme:alice?secret=ABC', secret: 'ABC' })),
    enrollTotp: answer('enrollTotp', (_token: string, code: string) => {
      if (code !== '654321') throw new WalletApiError(422, 'invalid_mfa_code', 'Invalid code');
      return { user, ...proof() };
    }),
    verify: answer('verify', proof),
    initPasskey: answer('initPasskey', () => ({ challenge: 'c' })),
    enrollPasskey: answer('enrollPasskey', () => ({ user, ...proof() })),
    verifyPasskey: answer('verifyPasskey', proof),
    unenroll: answer('unenroll', () => ({ user })),
  };
  const stepUp: StepUpApi = {
    ticket: async () => ticketOf('mfa_enroll', state.approved),
    send: async (_token, _id, factor) => {
      calls.push(['stepUp.send', factor]);
      return { sent_to: 'a•••@example.com' };
    },
    verify: async (_token, _id, factor, code) => {
      calls.push(['stepUp.verify', factor, code]);
      if (code !== STEP_UP_CODE) throw new WalletApiError(422, 'invalid_mfa_code', 'Invalid code');
      state.approved = true;
      return { ticket: ticketOf('mfa_enroll', true) };
    },
    approveWithWallet: () => Promise.reject(new Error('no wallet here')),
  };
  const demands: DemandDeps = {
    stepUp,
    mfa: client,
    session,
    approveWithWallet: () => Promise.reject(new Error('no wallet here')),
  };
  return { calls, client, demands, state };
}

/** A request's scope on a surface channel, and the person who answers its prompt. */
export function userScope(interactive = true) {
  const channel = surfaceChannel();
  const announced: Array<PromptMessage['prompt']> = [];
  const scope = requestScope(channel.hub, (prompt) => announced.push(prompt), interactive);
  const user = new SurfaceUser(channel);
  /** The prompt's view once it shows `kind` and is not busy (the surface loaded and asked for it). */
  const shows = async (kind: SurfaceView['kind']) => {
    let found: { view: SurfaceView; error: string | null; code?: string } | undefined;
    await vi.waitFor(() => {
      const prompt = announced.at(-1);
      if (!prompt) throw new Error('no prompt yet');
      user.open(prompt.id);
      const latest = user.latest(prompt.id);
      if (latest?.view.kind !== kind || latest.state.busy) throw new Error(`not ${kind} yet`);
      found = { view: latest.view, error: latest.state.error, code: latest.state.code };
    });
    return found!;
  };
  const act = (action: SurfaceAction) => user.act(announced.at(-1)!.id, action);
  return { scope, announced, user, shows, act };
}

export const newSession = () => new MfaSession(() => NOW);
