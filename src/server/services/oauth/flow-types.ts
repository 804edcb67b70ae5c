/** The shapes of an OAuth flow as the service takes and keeps them (index.ts). */
import type { ApiErrorCode } from '../../../protocol/api-errors.js';
import type { OAuthProvider } from '../../../protocol/constants.js';
import type { AccountIdentity } from '../users/users.js';

/** Logger shape of Fastify's request.log. */
export interface OAuthLog {
  warn(object: object, message: string): void;
}

/** What the server keeps of a flow between init, the callback and authenticate (encrypted at rest). */
export interface FlowSecrets {
  /** The widget's state_code, handed back on the host page. */
  state: string;
  /** Our PKCE verifier and OIDC nonce towards the identity provider. */
  verifier: string;
  nonce: string;
}

/** The outcome of the callback, kept until the widget redeems the code. */
export type FlowResult = { account: AccountIdentity } | { error: ApiErrorCode };

export interface InitRequest {
  provider: OAuthProvider;
  redirectTo: string;
  codeChallenge: string;
  stateCode: string;
}

export interface RedeemRequest {
  authorizationCode: string;
  stateCode: string;
  codeVerifier: string;
}
