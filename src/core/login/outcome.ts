import type { LinkedAccount, User } from '../../protocol/client.js';
import type { LoginMethod } from '../../protocol/events.js';

/** What a login flow returns once the session is stored (the detail of `login:success`). */
export interface LoginOutcome {
  kind: 'login';
  user: User;
  isNewUser: boolean;
  loginMethod: LoginMethod;
}

/** What a link flow returns once the provider has added the account (the detail of `link:success`). */
export interface LinkOutcome {
  kind: 'link';
  user: User;
  /** What was linked: 'email', 'sms', 'google_oauth'… */
  linkMethod: string;
  linkedAccount: LinkedAccount;
}

/** The outcome of a flow; null when it has nothing to finish (the page went to an identity provider). */
export type Outcome = LoginOutcome | LinkOutcome | null;

export const loginOutcome = (user: User, isNewUser: boolean, loginMethod: LoginMethod): LoginOutcome => ({
  kind: 'login',
  user,
  isNewUser,
  loginMethod,
});
