/**
 * What the provider asks of the user before a call goes on: a step-up (403 step_up_required, with
 * its ticket) or an MFA verification (403 missing_or_invalid_mfa, with the user's methods). The
 * frame asks for it on the request's prompt — the surface shows 'Verify it's you', the user picks
 * a factor and types its code there — then runs the call again. The code goes from the surface to
 * this frame to the provider, never through the host page.
 */
import { GENERIC_WALLET_ERROR_MESSAGE } from '../protocol/error-messages.js';
import { isMfaMethod, type MfaMethod } from '../protocol/mfa.js';
import type { MfaProofResponse } from '../protocol/mfa-api.js';
import { MFA_TEXT } from '../protocol/mfa-text.js';
import { STEP_UP_REQUIRED, type StepUpFactorKind, type StepUpTicketWire } from '../protocol/step-up.js';
import type { SurfaceAction, SurfaceState, VerifyView } from '../protocol/surface.js';
import type { MfaClient } from './mfa-client.js';
import type { MfaSession } from './mfa-session.js';
import { AnotherWayChosen } from './passkey-shared.js';
import type { PasskeyApproval } from './passkey-step-up.js';
import { type Prompt, PromptCancelledError } from './prompts.js';
import { WalletApiError } from './provider-call.js';
import type { RequestScope } from './request-scope.js';
import type { StepUpApi } from './step-up-api.js';

export type Demand = { kind: 'step-up'; ticket: StepUpTicketWire } | { kind: 'mfa'; methods: MfaMethod[] };

/** The demand a refusal of the provider carries, if it is one. */
function demandOf(error: unknown): Demand | undefined {
  if (!(error instanceof WalletApiError)) return undefined;
  if (error.code === STEP_UP_REQUIRED) {
    const ticket = error.body.ticket as StepUpTicketWire | undefined;
    return ticket && typeof ticket.id === 'string' ? { kind: 'step-up', ticket } : undefined;
  }
  if (error.code === 'missing_or_invalid_mfa') {
    const listed = Array.isArray(error.body.mfa_methods) ? error.body.mfa_methods : [];
    return { kind: 'mfa', methods: listed.filter(isMfaMethod) };
  }
  return undefined;
}

export interface DemandDeps {
  stepUp: StepUpApi;
  mfa: MfaClient;
  session: MfaSession;
  /** The `wallet` factor: the wallet rebuilt on this device approves the ticket with its key. */
  approveWithWallet(accessToken: string, ticketId: string): Promise<void>;
  /** The `passkey` factor: an assertion in the surface, on the same prompt (none: not offered here). */
  approveWithPasskey?: PasskeyApproval;
  /** The `passkey` MFA method: an assertion on the same prompt, the provider's proof (none: not offered here). */
  verifyWithPasskey?: MfaPasskeyVerification;
}

/** Verifies the user with a passkey asserted on `prompt`; `anotherWay`: other methods may be picked instead. */
export type MfaPasskeyVerification = (
  prompt: Prompt,
  accessToken: string,
  anotherWay: boolean,
) => Promise<MfaProofResponse>;

/** The §8 texts of the refusals that end or repeat a verification, by the provider's code. */
const MFA_REFUSALS = new Map([
  ['invalid_mfa_code', MFA_TEXT.invalidCode],
  ['mfa_verification_max_attempts_reached', MFA_TEXT.maxAttempts],
  ['mfa_timeout', MFA_TEXT.timedOut],
]);

/** What the surface shows for a refused code or send, with its code. */
export function refusal(error: unknown): Pick<SurfaceState, 'error' | 'code'> {
  if (!(error instanceof WalletApiError)) return { error: GENERIC_WALLET_ERROR_MESSAGE, code: 'error' };
  return { error: MFA_REFUSALS.get(error.code) ?? error.message, code: error.code };
}

/** A verification that cannot go on: too many codes, too late. The request fails with it. */
const ends = (error: unknown): boolean =>
  error instanceof WalletApiError &&
  (error.code === 'mfa_verification_max_attempts_reached' || error.code === 'mfa_timeout');

function verifyView(demand: Demand): VerifyView {
  if (demand.kind === 'mfa') {
    // The passkey first when enrolled: one touch, no code.
    const methods = [...demand.methods].sort((a, b) => Number(b === 'passkey') - Number(a === 'passkey'));
    const factors = methods.map((id) => ({ id, label: '' }));
    const only = factors.length === 1 && factors[0]?.id === 'totp';
    return {
      kind: 'verify',
      purpose: 'mfa',
      action: null,
      account: null,
      factors,
      factor: only ? 'totp' : null,
      sentTo: null,
    };
  }
  const { ticket } = demand;
  const usable = ticket.factors.filter((factor) => factor.available_at === undefined);
  const only = usable.length === 1 && usable[0]?.id === 'totp';
  return {
    kind: 'verify',
    purpose: ticket.action === 'new_device' ? 'new_device' : 'change',
    action: ticket.action,
    account: ticket.account,
    factors: ticket.factors,
    factor: only ? 'totp' : null,
    sentTo: null,
  };
}

/** What the user does on a verify view, and what happens to the view; true once approved. */
class Verification {
  private view: VerifyView;

  constructor(
    private readonly prompt: Prompt,
    private readonly token: string,
    private readonly deps: DemandDeps,
    private readonly demand: Demand,
  ) {
    this.view = verifyView(demand);
    prompt.show(this.view);
  }

  private show(patch: Partial<VerifyView>): void {
    this.view = { ...this.view, ...patch };
    this.prompt.show(this.view);
  }

  private async send(factor: StepUpFactorKind): Promise<string | null> {
    if (factor === 'totp' || factor === 'wallet' || factor === 'passkey') return null;
    const { demand, deps, token } = this;
    if (demand.kind === 'step-up') return (await deps.stepUp.send(token, demand.ticket.id, factor)).sent_to;
    await deps.mfa.sendVerificationSms(token);
    return '';
  }

  private async check(factor: StepUpFactorKind, code: string): Promise<void> {
    const { demand, deps, token } = this;
    if (demand.kind === 'mfa') {
      if (factor !== 'totp' && factor !== 'sms') throw new PromptCancelledError();
      deps.session.keep(token, await deps.mfa.verify(token, factor, code));
      return;
    }
    const answer = await deps.stepUp.verify(token, demand.ticket.id, factor, code);
    if (answer.mfa) deps.session.keep(token, answer.mfa);
  }

  private usable(factor: StepUpFactorKind): boolean {
    return this.view.factors.some((f) => f.id === factor && f.available_at === undefined);
  }

  /** The `passkey` factor: its own view on this prompt; back to this one when it fails. */
  private async passkey(): Promise<boolean> {
    const { prompt } = this;
    const approve = this.passkeyApproval();
    if (!approve) {
      prompt.state({ busy: false });
      return false;
    }
    try {
      await approve();
      return true;
    } catch (error) {
      if (error instanceof PromptCancelledError) throw error;
      this.show({ factor: null });
      if (error instanceof AnotherWayChosen) return false;
      throw error;
    }
  }

  /** What the passkey does for this demand: approve the ticket, or verify (MFA); none when not offered. */
  private passkeyApproval(): (() => Promise<void>) | null {
    const { demand, deps, prompt, token } = this;
    if (demand.kind === 'step-up') {
      const approve = deps.approveWithPasskey;
      return approve ? () => approve(prompt, token, demand.ticket) : null;
    }
    const verify = deps.verifyWithPasskey;
    const anotherWay = demand.methods.some((method) => method !== 'passkey');
    if (!verify) return null;
    return async () => {
      deps.session.keep(token, await verify(prompt, token, anotherWay));
    };
  }

  /** The passkey first, without a pick, when listed first (a user with a passkey, or passkey MFA). */
  get first(): SurfaceAction | null {
    const [lead] = this.view.factors;
    return lead?.id === 'passkey' && lead.available_at === undefined && this.passkeyApproval()
      ? { type: 'factor', factor: 'passkey' }
      : null;
  }

  /** One action of the user; true when it approved the demand. */
  async act(action: SurfaceAction): Promise<boolean> {
    const { factor } = this.view;
    if (action.type === 'factor' && action.factor === 'passkey' && this.usable('passkey')) {
      return this.passkey();
    } else if (action.type === 'factor' && this.usable(action.factor)) {
      this.show({ factor: action.factor, sentTo: await this.send(action.factor) });
    } else if (action.type === 'resend' && factor) {
      this.show({ sentTo: await this.send(factor) });
    } else if (action.type === 'code' && factor && factor !== 'wallet') {
      await this.check(factor, action.code);
      return true;
    } else if (action.type === 'approve' && factor === 'wallet' && this.demand.kind === 'step-up') {
      await this.deps.approveWithWallet(this.token, this.demand.ticket.id);
      return true;
    } else {
      this.prompt.state({ busy: false });
    }
    return false;
  }
}

/** One demand's conversation with the user: resolves once a factor approved it. */
async function satisfy(prompt: Prompt, token: string, deps: DemandDeps, demand: Demand): Promise<void> {
  const verification = new Verification(prompt, token, deps, demand);
  let first = verification.first;
  for (;;) {
    const action = first ?? (await prompt.next());
    first = null;
    try {
      prompt.state({ busy: true, error: null });
      if (await verification.act(action)) return;
    } catch (error) {
      if (error instanceof PromptCancelledError) throw error;
      prompt.state({ busy: false, ...refusal(error) });
      if (ends(error)) throw error;
    }
  }
}

/** How many demands one call may meet before it gives up (a step-up, then MFA, then a retry). */
const MAX_ROUNDS = 4;

/**
 * Runs `call`; each time the provider asks for a step-up or an MFA verification, asks the user on
 * the request's prompt and runs it again. A request that may not ask (background) fails instead.
 */
export async function withUser<T>(
  scope: RequestScope,
  token: string,
  deps: DemandDeps,
  call: () => Promise<T>,
): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await call();
    } catch (error) {
      const demand = demandOf(error);
      if (!demand || round >= MAX_ROUNDS || !scope.interactive) throw error;
      const prompt = scope.current ?? scope.prompt(verifyView(demand));
      await satisfy(prompt, token, deps, demand);
    }
  }
}
