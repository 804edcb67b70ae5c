/**
 * What the OpenAPI document says of each operation beyond its schemas: a unique camelCase
 * operationId (a client generator's method name), a one-line summary, a tag by domain, and the
 * credentials it takes. Keyed by `METHOD path` as Fastify registers it; the document's test fails
 * for a documented route missing here.
 */

import { CONSOLE_OPERATIONS } from './openapi-console.js';
import type { Requirement, Row } from './openapi-types.js';

/** The three credentials of the API, as `components.securitySchemes`. */
export const SECURITY_SCHEMES = {
  appSecret: {
    type: 'http',
    scheme: 'basic',
    description:
      'The server-to-server API: `appId:secret`, the secret of `gatehouse apps secret`. A wrong or missing one answers 401 invalid_app_credentials.',
  },
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "A user's access token of this app (ES256), as answered by a login or a session refresh.",
  },
  appId: {
    type: 'apiKey',
    in: 'header',
    name: 'gatehouse-app-id',
    description: 'The app the request is for; an unknown one answers 403 invalid_app_id.',
  },
  consoleSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'gatehouse_console',
    description:
      "An operator's console session (`__Host-gatehouse_console` over https), set by a sign-in. Every request but a GET also carries the session's CSRF token in `x-gatehouse-csrf`.",
  },
} as const;

const PUBLIC: Requirement[] = [];
const APP: Requirement[] = [{ appId: [] }];
const USER: Requirement[] = [{ appId: [], accessToken: [] }];
/** Routes that read an access token when one is sent, and answer without one too. */
const MAYBE_USER: Requirement[] = [{ appId: [], accessToken: [] }, { appId: [] }];
const SECRET: Requirement[] = [{ appSecret: [] }];

export interface OperationInfo {
  operationId: string;
  summary: string;
  tag: string;
  security: Requirement[];
}

/** Rows by tag, then `METHOD path`. */
const ROWS: Record<string, Record<string, Row>> = {
  apps: {
    'GET /api/v1/apps/:appId': ['getAppConfig', "An app's public configuration", PUBLIC],
    'GET /api/v1/apps/:appId/jwks.json': ['getAppJwks', "The keys verifying an app's access tokens", PUBLIC],
    'GET /.well-known/jwks.json': ['getJwks', 'The keys verifying every access token', PUBLIC],
    'GET /.well-known/openid-configuration': ['getOpenidConfiguration', 'OpenID Connect discovery', PUBLIC],
  },
  passwordless: {
    'POST /api/v1/passwordless/init': ['passwordlessInit', 'Email a login code', APP],
    'POST /api/v1/passwordless/authenticate': [
      'passwordlessAuthenticate',
      'Log in with an emailed code',
      APP,
    ],
    'POST /api/v1/passwordless/link': ['passwordlessLink', 'Link an email with its code', USER],
    'POST /api/v1/passwordless/unlink': ['passwordlessUnlink', 'Unlink an email', USER],
    'POST /api/v1/passwordless/update': ['passwordlessUpdate', "Replace the user's email", USER],
  },
  sms: {
    'POST /api/v1/passwordless_sms/init': ['smsInit', 'Text a login code', APP],
    'POST /api/v1/passwordless_sms/authenticate': ['smsAuthenticate', 'Log in with a texted code', APP],
    'POST /api/v1/passwordless_sms/link': ['smsLink', 'Link a phone number with its code', USER],
    'POST /api/v1/passwordless_sms/unlink': ['smsUnlink', 'Unlink a phone number', USER],
  },
  oauth: {
    'POST /api/v1/oauth/init': ['oauthInit', "An identity provider's authorization URL", APP],
    'POST /api/v1/oauth/authenticate': ['oauthAuthenticate', 'Log in with an authorization code', APP],
    'POST /api/v1/oauth/link': ['oauthLink', 'Link an OAuth account', USER],
    'POST /api/v1/oauth/unlink': ['oauthUnlink', 'Unlink an OAuth account', USER],
    'GET /api/v1/oauth/callback': ['oauthCallback', "The identity provider's redirect back", PUBLIC],
    'POST /api/v1/oauth/callback': [
      'oauthCallbackFormPost',
      "The identity provider's form post back",
      PUBLIC,
    ],
  },
  sessions: {
    'POST /api/v1/sessions': ['refreshSession', 'Refresh or read the session', MAYBE_USER],
    'POST /api/v1/sessions/logout': ['logout', 'End the session', MAYBE_USER],
    'POST /api/v1/sessions/fork': ['forkSession', 'Start a second session for another page', APP],
    'POST /api/v1/sessions/fork/recover': ['recoverForkedSession', 'Start from a forked session', APP],
  },
  users: {
    'POST /api/v1/users/me/accept_terms': ['acceptTerms', "Record the user's acceptance of the terms", USER],
    'POST /api/v1/custom_jwt_account/authenticate': [
      'customJwtAuthenticate',
      "Log in with the host's token",
      APP,
    ],
  },
  analytics: {
    'POST /api/v1/analytics_events': ['recordAnalyticsEvent', 'Record a client analytics event', APP],
  },
  funding: {
    'GET /api/v1/token_price': ['getTokenPrice', "A token's price in a fiat currency", APP],
    'POST /api/v1/plugins/moonpay_on_ramp/sign': ['signMoonpayUrl', 'Sign a MoonPay on-ramp URL', USER],
  },
  siwe: {
    'POST /api/v1/siwe/init': ['siweInit', 'A nonce for a Sign-In with Ethereum message', APP],
    'POST /api/v1/siwe/authenticate': ['siweAuthenticate', 'Log in with a signed SIWE message', APP],
    'POST /api/v1/siwe/link': ['siweLink', 'Link a wallet with a signed SIWE message', USER],
    'POST /api/v1/siwe/unlink': ['siweUnlink', 'Unlink a wallet', USER],
  },
  farcaster: {
    'POST /api/v1/farcaster/init': ['farcasterInit', 'Open a Farcaster login channel', APP],
    'GET /api/v1/farcaster/status': ['farcasterStatus', "A Farcaster login channel's status", APP],
    'POST /api/v1/farcaster/authenticate': ['farcasterAuthenticate', 'Log in with Farcaster', APP],
    'POST /api/v1/farcaster/link': ['farcasterLink', 'Link a Farcaster account', USER],
    'POST /api/v1/farcaster/unlink': ['farcasterUnlink', 'Unlink the Farcaster account', USER],
    'POST /api/v1/farcaster/signer/status': ['farcasterSignerStatus', "A Farcaster signer's status", USER],
    'POST /api/v1/farcaster/signer/init': ['farcasterSignerInit', 'Request a Farcaster signer (frame)', USER],
    'POST /api/v1/farcaster/submit_message': [
      'farcasterSubmitMessage',
      'Submit a signed message (frame)',
      USER,
    ],
  },
  wallets: {
    'POST /api/v1/embedded_wallets': ['createEmbeddedWallet', 'Create the embedded wallet', USER],
    'GET /api/v1/embedded_wallets/transport_key': ['getTransportKey', 'The key shares travel under', USER],
    'POST /api/v1/embedded_wallets/:address/auth_share': ['getAuthShare', "The wallet's auth share", USER],
    'POST /api/v1/embedded_wallets/:address/recovery': ['recoverEmbeddedWallet', 'Recover the wallet', USER],
    'POST /api/v1/embedded_wallets/:address/reshare': [
      'reshareEmbeddedWallet',
      "Replace the wallet's shares",
      USER,
    ],
    'POST /api/v1/embedded_wallets/challenge': [
      'walletDeviceChallenge',
      'A challenge for a device to sign',
      USER,
    ],
    'GET /api/v1/embedded_wallets/:address/devices': ['listWalletDevices', "The wallet's devices", USER],
    'POST /api/v1/embedded_wallets/:address/devices/:id/revoke': [
      'revokeWalletDevice',
      'Revoke a device',
      USER,
    ],
  },
  mfa: {
    'POST /api/v1/mfa/passwordless_sms/init': ['mfaSmsInit', 'Text an MFA code', USER],
    'POST /api/v1/mfa/passwordless_sms/enroll': ['mfaSmsEnroll', 'Enrol SMS as an MFA method', USER],
    'POST /api/v1/mfa/passwordless_sms/verify': ['mfaSmsVerify', 'Verify an MFA code sent by SMS', USER],
    'POST /api/v1/mfa/totp/init': ['mfaTotpInit', 'A new TOTP secret to enrol', USER],
    'POST /api/v1/mfa/totp/enroll': ['mfaTotpEnroll', 'Enrol TOTP as an MFA method', USER],
    'POST /api/v1/mfa/totp/verify': ['mfaTotpVerify', 'Verify a TOTP code', USER],
    'POST /api/v1/mfa/passkey/init': ['mfaPasskeyInit', 'A challenge to enrol a passkey for MFA', USER],
    'POST /api/v1/mfa/passkey/enroll': ['mfaPasskeyEnroll', 'Enrol a passkey as an MFA method', USER],
    'POST /api/v1/mfa/passkey/verify': ['mfaPasskeyVerify', 'Verify with a passkey for MFA', USER],
    'POST /api/v1/mfa/unenroll': ['mfaUnenroll', 'Remove an MFA method', USER],
  },
  'step-up': {
    'GET /api/v1/step_up/tickets/:id': ['getStepUpTicket', 'A step-up ticket', USER],
    'POST /api/v1/step_up/tickets/:id/send': ['sendStepUpCode', "Send a step-up factor's code", USER],
    'POST /api/v1/step_up/tickets/:id/verify': ['verifyStepUpCode', "Check a step-up factor's code", USER],
    'POST /api/v1/step_up/tickets/:id/wallet': ['approveStepUpWithWallet', 'Approve with the wallet', USER],
    'POST /api/v1/step_up/tickets/:id/passkey': ['approveStepUpWithPasskey', 'Approve with a passkey', USER],
  },
  passkeys: {
    'POST /api/v1/passkeys/login/init': ['passkeyLoginInit', 'Options to log in with a passkey', APP],
    'POST /api/v1/passkeys/login': ['passkeyLogin', 'Log in with a passkey', APP],
    'POST /api/v1/passkeys/register/init': [
      'passkeyRegisterInit',
      'Options to create a passkey: a sign-up, or with a token a link',
      MAYBE_USER,
    ],
    'POST /api/v1/passkeys/signup': ['passkeySignup', 'Sign up with a new passkey', APP],
    'POST /api/v1/passkeys/link': ['passkeyLink', 'Link a new passkey', USER],
    'POST /api/v1/passkeys/unlink': ['passkeyUnlink', 'Unlink a passkey', USER],
    'POST /api/v1/passkeys/verify/init': [
      'passkeyVerifyInit',
      "Options to assert one of the user's passkeys (a step-up)",
      USER,
    ],
  },
  backend: {
    'GET /api/v1/users': ['listUsers', "The app's users, a page at a time", SECRET],
    'GET /api/v1/users/:id': ['getUser', 'A user', SECRET],
    'GET /api/v1/users/by_email/:address': ['getUserByEmail', 'The user of an email address', SECRET],
    'GET /api/v1/users/by_wallet/:address': ['getUserByWallet', 'The user of a wallet address', SECRET],
    'DELETE /api/v1/users/:id': ['deleteUser', 'Delete a user', SECRET],
    'POST /api/v1/users/:id/sessions/revoke': ['revokeUserSessions', "End all of a user's sessions", SECRET],
  },
  console: CONSOLE_OPERATIONS,
  operations: {
    'GET /api/v1/openapi.json': ['getOpenApiDocument', 'This OpenAPI document', PUBLIC],
    'GET /healthz': ['getHealth', 'Liveness', PUBLIC],
    'GET /readyz': ['getReadiness', 'Readiness: the database answers', PUBLIC],
    'GET /metrics': ['getMetrics', 'Prometheus metrics (GATEHOUSE_METRICS=true)', PUBLIC],
  },
};

const BY_ROUTE = new Map<string, OperationInfo>(
  Object.entries(ROWS).flatMap(([tag, rows]) =>
    Object.entries(rows).map(([route, [operationId, summary, security]]) => [
      route,
      { operationId, summary, tag, security },
    ]),
  ),
);

/** The operation's entry; undefined for a route missing here. */
export const operationInfo = (method: string, url: string): OperationInfo | undefined =>
  BY_ROUTE.get(`${method.toUpperCase()} ${url}`);

const TAG_DESCRIPTIONS: Record<string, string> = {
  apps: "An app's public configuration and keys",
  passwordless: 'Login and linking with a code sent by email',
  sms: 'Login and linking with a code sent by SMS',
  oauth: 'Login and linking with an identity provider',
  sessions: 'Refresh, logout and forked sessions',
  users: 'The logged-in user, and custom-auth login',
  analytics: "The widget's analytics events",
  funding: 'Token prices and card on-ramps',
  siwe: 'Sign-In with Ethereum',
  farcaster: 'Login with Farcaster, and its signers',
  wallets: 'The embedded wallet and its devices (wallet frame only)',
  mfa: 'Multi-factor authentication (wallet frame only)',
  'step-up': 'Step-up tickets for sensitive changes (wallet frame only)',
  passkeys: 'Login, sign-up and linking with a passkey (its ceremonies: wallet frame only)',
  backend: "The server-to-server API of the app's backend",
  console: "The operator console's API (GATEHOUSE_CONSOLE=true; the provider's own origin only)",
  operations: "The operator's health, metrics and this document",
};

export const TAGS = Object.keys(ROWS).map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));

/** The error body: `{code, message}`, and on a step-up's 403 its `ticket` beside them. */
export const ERROR_SCHEMA = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'A code of the error catalogue, e.g. invalid_data.' },
    message: { type: 'string', description: 'A sentence for a person.' },
  },
  additionalProperties: true,
} as const;

/** The answers of the routes that answer something else than JSON, or JSON of no schema of theirs. */
export const FIXED_RESPONSES: Record<string, Record<string, object>> = {
  'GET /api/v1/oauth/callback': { 303: { description: 'A redirect to the host page' } },
  'GET /api/v1/console/sign-in': {
    303: { description: 'The session cookie, and a redirect to the console (/console/)' },
  },
  'POST /api/v1/oauth/callback': { 303: { description: 'A redirect to the host page' } },
  'GET /api/v1/openapi.json': {
    200: {
      description: 'This document',
      content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
    },
  },
  'GET /metrics': {
    200: {
      description: 'Prometheus text exposition, on the API port only when GATEHOUSE_METRICS=true',
      content: { 'text/plain': { schema: { type: 'string' } } },
    },
  },
};
