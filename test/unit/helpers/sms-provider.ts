/**
 * The fake provider plus SMS codes and account linking, as the real server answers them
 * (passwordless_sms/*, passwordless/link, /unlink, /update), for unit tests of the client.
 */
import {
  API_ERRORS,
  API_PATHS,
  type ApiErrorCode,
  type AuthResult,
  cannotLinkMoreOfTypeMessage,
  type LinkedAccountWire,
  type UserWire,
} from '../../../src/protocol/index.js';
import { FakeProvider } from './fake-provider.js';

export const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
export const error = (code: ApiErrorCode, message: string = API_ERRORS[code].message) =>
  json({ code, message }, API_ERRORS[code].status);

/** Of `users`, the one whose access token `init` carries. */
export function tokenUser(users: Iterable<UserWire>, init: RequestInit): UserWire | undefined {
  const bearer = new Headers(init.headers).get('authorization')?.replace(/^Bearer /, '');
  if (!bearer) return undefined;
  const claims = JSON.parse(atob(bearer.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
  return [...users].find((u) => `did:gatehouse:${u.id}` === claims.sub);
}

const SMS_AND_LINK_PATHS: readonly string[] = [
  API_PATHS.smsInit,
  API_PATHS.smsAuthenticate,
  API_PATHS.smsLink,
  API_PATHS.smsUnlink,
  API_PATHS.passwordlessLink,
  API_PATHS.passwordlessUnlink,
  API_PATHS.passwordlessUpdate,
];

const subjectOf = (account: LinkedAccountWire): string => {
  const { address, number } = account as { address?: string; number?: string };
  return String(address ?? number);
};

export class SmsProvider extends FakeProvider {
  /** Latest code texted to each number. */
  readonly smsCodes = new Map<string, string>();
  private nextSmsCode = 654321;

  constructor() {
    super();
    this.app = { ...this.app, sms_auth: true };
    const base = this.fetch;
    (this as { fetch: FakeProvider['fetch'] }).fetch = (input, init) =>
      SMS_AND_LINK_PATHS.includes(new URL(input).pathname) ? this.handle(input, init) : base(input, init);
  }

  /** The base provider's users, by their first account. */
  private get store(): Map<string, UserWire> {
    return (this as unknown as { users: Map<string, UserWire> }).users;
  }

  private bearerUser(init: RequestInit): UserWire | undefined {
    return tokenUser(this.store.values(), init);
  }

  private account(type: 'email' | 'phone', subject: string): LinkedAccountWire {
    const now = this.now();
    const times = { verified_at: now, first_verified_at: now, latest_verified_at: now };
    return type === 'email' ? { type, address: subject, ...times } : { type, number: subject, ...times };
  }

  private owner(subject: string): UserWire | undefined {
    return [...this.store.values()].find((u) => u.linked_accounts.some((a) => subjectOf(a) === subject));
  }

  private async handle(input: string, init: RequestInit): Promise<Response> {
    const path = new URL(input).pathname;
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, string>;
    this.requests.push({
      method: init.method ?? 'GET',
      path,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body,
      credentials: init.credentials,
    });
    await this.gate;
    const queued = this.failures.get(path)?.shift();
    if (typeof queued === 'number') return new Response('upstream trouble', { status: queued });
    if (queued) return error(queued);

    if (path === API_PATHS.smsInit) {
      if (!this.app.sms_auth) return error('disallowed_login_method');
      if (!/^\+[1-9]\d{6,14}$/.test(body.phoneNumber ?? '')) return error('invalid_data');
      this.smsCodes.set(body.phoneNumber!, String(this.nextSmsCode++));
      return json({ success: true });
    }
    const checkSms = () => {
      const ok = this.smsCodes.get(body.phoneNumber ?? '') === body.code;
      if (ok) this.smsCodes.delete(body.phoneNumber!);
      return ok;
    };
    const checkEmail = (address: string | undefined) => {
      const ok = this.codes.get(address ?? '') === body.code;
      if (ok) this.codes.delete(address!);
      return ok;
    };
    if (path === API_PATHS.smsAuthenticate) {
      if (!checkSms()) return error('invalid_credentials');
      const number = body.phoneNumber!;
      const existing = this.owner(number);
      const user = existing ?? this.phoneUser(number);
      const result: AuthResult = { user, ...this.issue(user), is_new_user: !existing };
      return json(result);
    }

    const user = this.bearerUser(init);
    if (!user) return error('missing_or_invalid_token');
    const link = (type: 'email' | 'phone', subject: string) => {
      const owner = this.owner(subject);
      if (owner && owner.id !== user.id) return error('linked_to_another_user');
      if (!owner && user.linked_accounts.some((a) => a.type === type)) {
        return error('cannot_link_more_of_type', cannotLinkMoreOfTypeMessage(type));
      }
      if (!owner) user.linked_accounts.push(this.account(type, subject));
      return json(user);
    };
    const unlink = (subject: string) => {
      const index = user.linked_accounts.findIndex((a) => subjectOf(a) === subject);
      if (index < 0) return error('account_not_found');
      if (user.linked_accounts.length === 1) return error('cannot_unlink_last_account');
      user.linked_accounts.splice(index, 1);
      return json(user);
    };
    switch (path) {
      case API_PATHS.smsLink:
        return checkSms() ? link('phone', body.phoneNumber!) : error('invalid_credentials');
      case API_PATHS.passwordlessLink:
        return checkEmail(body.email) ? link('email', body.email!) : error('invalid_credentials');
      case API_PATHS.smsUnlink:
        return unlink(body.phoneNumber!);
      case API_PATHS.passwordlessUnlink:
        return unlink(body.address!);
      default: {
        const current = user.linked_accounts.find((a) => a.type === 'email');
        if (!current) return error('email_required_for_update');
        if (!checkEmail(body.newAddress)) return error('invalid_credentials');
        if (this.owner(body.newAddress!)) return error('linked_to_another_user');
        Object.assign(current, this.account('email', body.newAddress!));
        return json(user);
      }
    }
  }

  /** A user who signed up with a phone. */
  phoneUser(number: string): UserWire {
    const user: UserWire = {
      id: `phone-user-${number.slice(-4)}`,
      created_at: this.now(),
      linked_accounts: [this.account('phone', number)],
      mfa_methods: [],
      has_accepted_terms: false,
    };
    this.store.set(number, user);
    return user;
  }
}
