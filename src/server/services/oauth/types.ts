import type { OAuthProvider } from '../../../protocol/constants.js';

/** An app's settings for one provider (`gatehouse apps set <id> oauth.<provider>.<field>=…`). */
export interface ProviderSettings {
  client_id?: string;
  client_secret?: string;
  authorization_url?: string;
  token_url?: string;
  userinfo_url?: string;
  issuer?: string;
  jwks_url?: string;
  /** Apple: the developer team, the Sign in with Apple key's id and its PKCS#8 PEM. */
  team_id?: string;
  key_id?: string;
  private_key?: string;
}

/** The endpoints in use for one app: the provider's real ones, or the app's overrides. */
export interface Endpoints {
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string | undefined;
  issuer: string | undefined;
  jwksUrl: string | undefined;
}

/** The token endpoint's answer (RFC 6749 §5.1), with the extras some providers add. */
export interface TokenAnswer {
  access_token: string;
  token_type?: string;
  id_token?: string;
  /** TikTok answers the user's open_id beside the token. */
  open_id?: string;
  [field: string]: unknown;
}

/** A JSON answer of a provider's API. */
export interface JsonAnswer {
  status: number;
  body: unknown;
}

export interface ProfileContext {
  tokens: TokenAnswer;
  endpoints: Endpoints;
  /** Verified claims of the id_token (OIDC providers). */
  idToken: Record<string, unknown> | undefined;
  /** GET with the access token as bearer. */
  get(url: string, headers?: Record<string, string>): Promise<JsonAnswer>;
}

/** The §3 linked-account fields of one provider account: `subject` plus the provider's fields. */
export interface ProviderProfile {
  subject: string;
  data: Record<string, string | null>;
  /** The account's email when the provider vouches for it (ProviderEmail.verified), else null. */
  verifiedEmail: string | null;
}

/**
 * One identity provider: its real endpoints and scopes, how it wants to be called, and how its
 * user-info answer maps to the linked-account fields of §3.
 */
export interface ProviderSpec {
  name: OAuthProvider;
  authorizationUrl: string;
  tokenUrl: string;
  /** The user API (OIDC userinfo, or the provider's REST "me" endpoint). */
  userinfoUrl?: string;
  /** OIDC: the id_token's issuer and the keys that sign it. */
  issuer?: string;
  jwksUrl?: string;
  scopes: readonly string[];
  scopeSeparator?: string;
  /** The provider accepts (or requires) PKCE from a confidential client. */
  pkce: boolean;
  /** How the client authenticates at the token endpoint. */
  clientAuth: 'post' | 'basic';
  /** The name of the client id parameter (TikTok calls it client_key). */
  clientIdParam?: string;
  /** More parameters of the authorization request (Apple's response_mode=form_post). */
  authorizationParams?: Record<string, string>;
  /** The settings an app needs besides client_id (client_secret, or Apple's key). */
  requiredSettings: readonly (keyof ProviderSettings)[];
  /** The client secret to present; by default the app's client_secret. */
  clientSecret?(settings: ProviderSettings, now: number): Promise<string>;
  profile(context: ProfileContext): Promise<ProviderProfile>;
}

/** A provider answered that the account is suspended (§8 oauth_account_suspended). */
export class AccountSuspendedError extends Error {
  constructor() {
    super('The provider reports the account as suspended.');
    this.name = 'AccountSuspendedError';
  }
}

/** A provider's answer could not be used; the reason goes to the log, never to the visitor. */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}
