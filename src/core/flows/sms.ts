import {
  API_PATHS,
  type AuthResult,
  type SmsAuthenticateBody,
  type SmsInitBody,
} from '../../protocol/api.js';
import { E164_PATTERN } from '../../protocol/validation.js';
import type { ApiClient } from '../api/client.js';
import { codeToSend } from '../code-input.js';
import { CLIENT_ERROR_CODES, clientError } from '../errors/gatehouse-error.js';
import { MESSAGES } from '../errors/messages.js';
import type { Session } from '../session/session.js';
import type { LoginResult } from './email.js';

/**
 * SMS one-time-code login (§4.4, §5): send a code to a qualified number (+callingcode then number,
 * from the phone field), then authenticate with it. Loaded with the first code sent.
 */
export class SmsFlow {
  /** The number the last code went to (E.164). */
  phoneNumber: string | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly session: Session,
  ) {}

  async sendCode(phoneNumber: string, captchaToken?: string): Promise<void> {
    const number = phoneNumber.trim();
    if (!number) throw clientError(CLIENT_ERROR_CODES.invalidInput, MESSAGES.phoneRequired);
    if (!E164_PATTERN.test(number)) throw clientError(CLIENT_ERROR_CODES.invalidInput, MESSAGES.invalidPhone);
    const body: SmsInitBody = captchaToken
      ? { phoneNumber: number, token: captchaToken }
      : { phoneNumber: number };
    await this.api.post(API_PATHS.smsInit, body);
    this.phoneNumber = number;
  }

  async authenticate(code: string): Promise<LoginResult> {
    if (!this.phoneNumber) throw clientError(CLIENT_ERROR_CODES.invalidInput, MESSAGES.noAuthFlow);
    const body: SmsAuthenticateBody = { phoneNumber: this.phoneNumber, code: codeToSend(code) };
    const result = await this.api.post<AuthResult>(API_PATHS.smsAuthenticate, body);
    return { user: this.session.signIn(result), isNewUser: result.is_new_user };
  }
}
