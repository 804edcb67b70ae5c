import {
  API_PATHS,
  type AuthResult,
  type PasswordlessAuthenticateBody,
  type PasswordlessInitBody,
} from '../../protocol/api.js';
import type { User } from '../../protocol/client.js';
import { isValidEmail } from '../../protocol/validation.js';
import type { ApiClient } from '../api/client.js';
import { codeToSend } from '../code-input.js';
import { CLIENT_ERROR_CODES, clientError } from '../errors/gatehouse-error.js';
import { MESSAGES } from '../errors/messages.js';
import type { Session } from '../session/session.js';

export interface LoginResult {
  user: User;
  isNewUser: boolean;
}

/** Email one-time-code login (§4.4, §5): send a code to an address, then authenticate with it. */
export class EmailFlow {
  /** The address the last code went to. */
  email: string | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly session: Session,
  ) {}

  async sendCode(email: string, captchaToken?: string): Promise<void> {
    const address = email.trim();
    if (!address) throw clientError(CLIENT_ERROR_CODES.invalidInput, MESSAGES.emailRequired);
    if (!isValidEmail(address)) throw clientError(CLIENT_ERROR_CODES.invalidInput, MESSAGES.invalidEmail);
    const body: PasswordlessInitBody = captchaToken
      ? { email: address, token: captchaToken }
      : { email: address };
    await this.api.post(API_PATHS.passwordlessInit, body);
    this.email = address;
  }

  async authenticate(code: string): Promise<LoginResult> {
    if (!this.email) throw clientError(CLIENT_ERROR_CODES.invalidInput, MESSAGES.noAuthFlow);
    const body: PasswordlessAuthenticateBody = { email: this.email, code: codeToSend(code) };
    const result = await this.api.post<AuthResult>(API_PATHS.passwordlessAuthenticate, body);
    return { user: this.session.signIn(result), isNewUser: result.is_new_user };
  }
}
