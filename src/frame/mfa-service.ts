/**
 * What the frame does for the `mfa:*` messages (§7, protocol/mfa-frame.ts): it calls the
 * provider's `mfa/*` endpoints itself, shows the authenticator's secret and asks for every code in
 * the surface, and keeps the proof in its MfaSession: the host page asks for an enrolment but never
 * holds a code, a secret or a proof. A step-up (a user with a wallet) and a verification (a user
 * with a method already) are met in the same surface first (demands.ts).
 */
import { isMfaMethod, type MfaMethod } from '../protocol/mfa.js';
import type { MfaEnrollResponse } from '../protocol/mfa-api.js';
import type { MfaFrameReplyData, MfaFrameRequestData } from '../protocol/mfa-frame.js';
import { MFA_TEXT } from '../protocol/mfa-text.js';
import type { MfaEnrollView } from '../protocol/surface.js';
import { type DemandDeps, refusal, withUser } from './demands.js';
import type { MfaClient } from './mfa-client.js';
import type { MfaSession } from './mfa-session.js';
import type { RequestScope } from './request-scope.js';
import { InvalidArgumentsError, requireAddress } from './wallet-errors.js';

type Data<K extends keyof MfaFrameRequestData> = MfaFrameRequestData[K];
type Reply<K extends keyof MfaFrameReplyData> = Promise<MfaFrameReplyData[K]>;

function requireToken(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new InvalidArgumentsError(MFA_TEXT.tokenRequired);
  return value;
}

function requireMethod(value: unknown): MfaMethod {
  if (!isMfaMethod(value)) throw new InvalidArgumentsError(MFA_TEXT.unsupportedMethod);
  return value;
}

type Read = { accessToken: string; method: MfaMethod; address: string | null };

/** The request's token, method and wallet (if named), checked. */
function read(data: unknown): Read {
  const fields = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const address = fields.address === undefined ? null : requireAddress(fields.address);
  return { accessToken: requireToken(fields.accessToken), method: requireMethod(fields.method), address };
}

/** Enrols the `passkey` method in the surface (passkey-mfa.ts): the provider's answer. */
export type PasskeyEnrolment = (
  accessToken: string,
  address: string | null,
  scope: RequestScope,
) => Promise<MfaEnrollResponse>;

/** The `wallet` factor: the named wallet, rebuilt on this device, signs the ticket (WalletService). */
export type WalletApproval = (accessToken: string, ticketId: string, address: string) => Promise<void>;

export class FrameMfa {
  constructor(
    private readonly api: MfaClient,
    private readonly session: MfaSession,
    private readonly demands: DemandDeps,
    private readonly walletApproval?: WalletApproval,
    private readonly passkeyEnrolment?: PasskeyEnrolment,
  ) {}

  /** The demands' deps, with the request's wallet as the `wallet` factor when it names one. */
  private demandsFor(address: string | null): DemandDeps {
    const approve = this.walletApproval;
    if (address === null || !approve) return this.demands;
    return { ...this.demands, approveWithWallet: (token, id) => approve(token, id, address) };
  }

  /**
   * The authenticator's secret (or the SMS code to the number) — after a step-up and a
   * verification when the provider asks — then its code in the surface, until the provider takes it.
   */
  async enroll(data: Data<'mfa:enroll'>, scope: RequestScope): Reply<'mfa:enroll'> {
    const request = read(data);
    if (request.method === 'passkey') return this.enrollPasskey(request, scope);
    return this.enrollCode(data, { ...request, method: request.method }, scope);
  }

  /** A passkey's assertion in the surface (a passkey added first when the user has none). */
  private async enrollPasskey(request: Read, scope: RequestScope): Reply<'mfa:enroll'> {
    const { accessToken, method, address } = request;
    if (!this.passkeyEnrolment) throw new InvalidArgumentsError(MFA_TEXT.unsupportedMethod);
    const answer = await this.passkeyEnrolment(accessToken, address, scope);
    return { method, user: answer.user, expiresAt: this.session.keep(accessToken, answer) };
  }

  private async enrollCode(
    data: Data<'mfa:enroll'>,
    request: Read & { method: 'totp' | 'sms' },
    scope: RequestScope,
  ): Reply<'mfa:enroll'> {
    const { accessToken, method, address } = request;
    const proof = () => this.session.proofFor(accessToken);
    const demands = this.demandsFor(address);
    const ask = <T>(call: () => Promise<T>) => withUser(scope, accessToken, demands, call);
    let view: MfaEnrollView;
    let enroll: (code: string) => Promise<MfaEnrollResponse>;
    let resend: (() => Promise<void>) | undefined;
    if (method === 'totp') {
      const { authUrl, secret } = await ask(() => this.api.initTotp(accessToken, proof()));
      view = { kind: 'mfa-enroll', method, authUrl, secret };
      enroll = (code) => this.api.enrollTotp(accessToken, code, proof());
    } else {
      const phoneNumber = typeof data.phoneNumber === 'string' ? data.phoneNumber.trim() : '';
      if (phoneNumber === '') throw new InvalidArgumentsError('phoneNumber is required.');
      const send = () => ask(() => this.api.sendEnrolmentSms(accessToken, phoneNumber, proof()));
      await send();
      view = { kind: 'mfa-enroll', method, phoneNumber };
      enroll = (code) => this.api.enrollSms(accessToken, phoneNumber, code, proof());
      resend = send;
    }
    const prompt = scope.prompt(view);
    for (;;) {
      const action = await prompt.next();
      if (action.type !== 'code' && action.type !== 'resend') continue;
      prompt.state({ busy: true, error: null });
      try {
        if (action.type === 'resend') {
          await resend?.();
          prompt.state({ busy: false });
          continue;
        }
        const answer = await enroll(action.code.trim());
        return { method, user: answer.user, expiresAt: this.session.keep(accessToken, answer) };
      } catch (error) {
        prompt.state({ busy: false, ...refusal(error) });
      }
    }
  }

  /** Removes a method, after the step-up and the fresh verification the provider asks for. */
  async unenroll(data: Data<'mfa:unenroll'>, scope: RequestScope): Reply<'mfa:unenroll'> {
    const { accessToken, method, address } = read(data);
    const { user } = await withUser(scope, accessToken, this.demandsFor(address), () =>
      this.api.unenroll(accessToken, method, this.session.proofFor(accessToken)),
    );
    return { method, user };
  }

  async clear(): Reply<'mfa:clear'> {
    this.session.clear();
    return { cleared: true };
  }
}
