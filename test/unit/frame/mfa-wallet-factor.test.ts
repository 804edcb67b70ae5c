/**
 * The `wallet` factor of an MFA change's step-up (demands.ts): a user whose only usable factor is
 * the wallet on this device approves adding or removing a method with it, when the host named the
 * wallet; without a wallet named, the approval is refused and the change does not go through.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DemandDeps } from '../../../src/frame/demands.js';
import type { MfaClient } from '../../../src/frame/mfa-client.js';
import { FrameMfa } from '../../../src/frame/mfa-service.js';
import { MfaSession } from '../../../src/frame/mfa-session.js';
import { PromptHub } from '../../../src/frame/prompts.js';
import { requestScope } from '../../../src/frame/request-scope.js';
import { WalletApiError } from '../../../src/frame/wallet-api.js';
import type { StepUpTicketWire } from '../../../src/protocol/step-up.js';
import { SURFACE_MESSAGES, type SurfaceAction } from '../../../src/protocol/surface.js';

const NOW = 1_700_000_000_000;
const part = (value: object) => btoa(JSON.stringify(value)).replaceAll('=', '');
const TOKEN = `${part({ alg: 'ES256' })}.${part({ sub: 'did:gatehouse:u1', sid: 's1', exp: NOW / 1000 + 3600 })}.sig`;
const ADDRESS = '0x1111111111111111111111111111111111111111';
const USER = { id: 'u1', created_at: 0, linked_accounts: [], mfa_methods: [], has_accepted_terms: false };

/** A ticket the wallet alone can approve: the signup email is from this very login. */
const ticket = (approved: boolean): StepUpTicketWire => ({
  id: 'ticket-1',
  action: 'mfa_enroll',
  account: { type: 'totp', label: 'Authenticator app' },
  factors: [
    { id: 'wallet', label: '' },
    { id: 'email', label: 'a•••@example.com', available_at: 0 },
  ],
  expires_at: NOW / 1000 + 600,
  approved_at: approved ? NOW / 1000 : null,
});

/** The provider refuses initTotp until the ticket is approved; the person acts in the surface. */
function world() {
  const state = { approved: false };
  const listeners: Array<(event: MessageEvent) => void> = [];
  const hub = new PromptHub({
    postMessage: () => undefined,
    addEventListener: (_type, listener) => listeners.push(listener),
    removeEventListener: () => undefined,
  });
  const prompts: string[] = [];
  const scope = requestScope(hub, (prompt) => prompts.push(prompt.id), true);
  const act = (action: SurfaceAction) => {
    const data = { type: SURFACE_MESSAGES.action, prompt: prompts.at(-1), action };
    for (const listener of listeners) listener({ data } as MessageEvent);
  };
  const client = {
    initTotp: vi.fn(async () => {
      if (!state.approved) throw new WalletApiError(403, 'step_up_required', '', { ticket: ticket(false) });
      return { authUrl: 'otpauth://totp/Acme:alice?secret=ABC', secret: 'ABC' };
    }),
    enrollTotp: vi.fn(async () => ({ user: USER, proof: 'proof-1', expires_at: NOW / 1000 + 900 })),
  } as unknown as MfaClient;
  const session = new MfaSession(() => NOW);
  const demands: DemandDeps = {
    stepUp: {} as DemandDeps['stepUp'],
    mfa: client,
    session,
    approveWithWallet: () => Promise.reject(new Error('No wallet named for this approval.')),
  };
  const approvals: string[][] = [];
  const mfa = new FrameMfa(client, session, demands, async (token, id, address) => {
    approvals.push([token, id, address]);
    state.approved = true;
  });
  return { mfa, scope, act, prompts, approvals, client };
}

describe("an MFA enrolment's step-up approved by the wallet", () => {
  it('the wallet the host named approves the ticket, then the secret and the code follow', async () => {
    const { mfa, scope, act, prompts, approvals } = world();
    const enrolled = mfa.enroll({ accessToken: TOKEN, method: 'totp', address: ADDRESS }, scope);
    await vi.waitFor(() => expect(prompts).toHaveLength(1));
    act({ type: 'factor', factor: 'wallet' });
    act({ type: 'approve' });
    await vi.waitFor(() => expect(approvals).toEqual([[TOKEN, 'ticket-1', ADDRESS]]));
    act({ type: 'code', code: '123456' });
    expect(await enrolled).toMatchObject({ method: 'totp', user: USER });
  });

  it('without a wallet named, the approval fails and the secret is never fetched', async () => {
    const { mfa, scope, act, prompts, approvals, client } = world();
    const enrolled = mfa.enroll({ accessToken: TOKEN, method: 'totp' }, scope);
    await vi.waitFor(() => expect(prompts).toHaveLength(1));
    act({ type: 'factor', factor: 'wallet' });
    act({ type: 'approve' });
    act({ type: 'cancel' });
    await expect(enrolled).rejects.toThrow();
    expect(approvals).toEqual([]);
    expect(client.initTotp).toHaveBeenCalledTimes(1);
  });

  it('an address that is not one is refused before anything is asked', async () => {
    const { mfa, scope } = world();
    await expect(mfa.enroll({ accessToken: TOKEN, method: 'totp', address: 'nope' }, scope)).rejects.toThrow(
      'address is invalid.',
    );
  });
});
