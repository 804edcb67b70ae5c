/**
 * What the frame does for the `mfa:*` messages (§7, protocol/mfa-frame.ts): it calls the
 * provider's `mfa/*` endpoints itself and keeps the proof they answer in its MfaSession, so the
 * host page asks for a verification but never holds what it yields.
 */
import { isMfaMethod, type MfaMethod } from '../protocol/mfa.js';
import type { MfaFrameReplyData, MfaFrameRequestData } from '../protocol/mfa-frame.js';
import { MFA_TEXT } from '../protocol/mfa-text.js';
import type { MfaClient } from './mfa-client.js';
import type { MfaSession } from './mfa-session.js';
import { InvalidArgumentsError } from './wallet-errors.js';

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

function requireText(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new InvalidArgumentsError(`${field} is required.`);
  return value.trim();
}

/** The request's token and method, checked. */
function read(data: unknown): { accessToken: string; method: MfaMethod } {
  const fields = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  return { accessToken: requireToken(fields.accessToken), method: requireMethod(fields.method) };
}

export class FrameMfa {
  constructor(
    private readonly api: MfaClient,
    private readonly session: MfaSession,
  ) {}

  /** Without a code (sms): texts one. With a code: verifies it and keeps the proof. */
  async verify(data: Data<'mfa:verify'>): Reply<'mfa:verify'> {
    const { accessToken, method } = read(data);
    if (data.code === undefined && method === 'sms') {
      await this.api.sendVerificationSms(accessToken);
      return { method, status: 'code_sent' };
    }
    const answer = await this.api.verify(accessToken, method, requireText(data.code, 'code'));
    return { method, status: 'verified', expiresAt: this.session.keep(accessToken, answer) };
  }

  async initEnrollment(data: Data<'mfa:init-enrollment'>): Reply<'mfa:init-enrollment'> {
    const { accessToken, method } = read(data);
    const proof = this.session.proofFor(accessToken);
    if (method === 'totp') {
      const { authUrl, secret } = await this.api.initTotp(accessToken, proof);
      return { method, authUrl, secret };
    }
    await this.api.sendEnrolmentSms(accessToken, requireText(data.phoneNumber, 'phoneNumber'), proof);
    return { method, status: 'code_sent' };
  }

  async submitEnrollment(data: Data<'mfa:submit-enrollment'>): Reply<'mfa:submit-enrollment'> {
    const { accessToken, method } = read(data);
    const code = requireText(data.code, 'code');
    const proof = this.session.proofFor(accessToken);
    const answer =
      method === 'totp'
        ? await this.api.enrollTotp(accessToken, code, proof)
        : await this.api.enrollSms(accessToken, requireText(data.phoneNumber, 'phoneNumber'), code, proof);
    return { method, user: answer.user, expiresAt: this.session.keep(accessToken, answer) };
  }

  async unenroll(data: Data<'mfa:unenroll'>): Reply<'mfa:unenroll'> {
    const { accessToken, method } = read(data);
    const { user } = await this.api.unenroll(accessToken, method, this.session.proofFor(accessToken));
    return { method, user };
  }

  async clear(): Reply<'mfa:clear'> {
    this.session.clear();
    return { cleared: true };
  }
}
