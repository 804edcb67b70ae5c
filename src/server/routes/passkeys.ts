import type { FastifyRequest } from 'fastify';
import type { AuthResult, UserWire } from '../../protocol/api.js';
import {
  PASSKEY_ACCOUNT_TYPE,
  PASSKEY_API_PATHS,
  PASSKEY_ERRORS,
  type PasskeyBox,
  type PasskeyInitBody,
  type PasskeyOptionsResponse,
} from '../../protocol/passkey.js';
import { ApiError } from '../errors.js';
import { passkeyLink, passkeyUnlink } from '../http/account-changes.js';
import { appOf } from '../http/app-context.js';
import { type Authenticated, authenticate } from '../http/authenticate.js';
import { clientAddress, rateLimitAddress } from '../http/client-ip.js';
import { CAPTCHA_TOKEN_FIELD } from '../http/fields.js';
import { hitLimit, PASSKEY_INIT_RATE_LIMITS, PASSKEY_VERIFY_RATE_LIMITS } from '../http/limits.js';
import { logIn } from '../http/log-in.js';
import { requestLanguage } from '../http/message-language.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import { approvedChange, embeddedWalletOf, withStepUp } from '../http/step-up-gate.js';
import { AUTH_RESULT, PASSKEY_CREDENTIAL_BODY, PASSKEY_OPTIONS, USER } from '../http/wire-schemas.js';
import type { App } from '../services/apps/apps.js';
import type { Services } from '../services/index.js';
import { newPasskeyAccount, passkeyAccount } from '../services/passkeys/passkey-account.js';
import type { AccountHook } from '../services/users/users.js';

const initSchema = {
  body: {
    type: 'object',
    properties: { token: CAPTCHA_TOKEN_FIELD, after: { type: 'string', minLength: 1, maxLength: 128 } },
  },
  response: { 200: PASSKEY_OPTIONS },
} as const;
const verifyInitSchema = { response: { 200: PASSKEY_OPTIONS } } as const;
const loginSchema = { body: PASSKEY_CREDENTIAL_BODY, response: { 200: AUTH_RESULT } } as const;
const linkSchema = { body: PASSKEY_CREDENTIAL_BODY, response: { 200: USER } } as const;
const unlinkSchema = {
  body: {
    type: 'object',
    required: ['credentialId'],
    properties: { credentialId: { type: 'string', minLength: 1, maxLength: 1400 } },
  },
  response: { 200: USER },
} as const;

/** The app of a passkey login or sign-up: one with `passkey_auth` on. */
function passkeyLoginApp(request: FastifyRequest): App {
  const current = appOf(request);
  if (!current.config.passkey_auth) throw new ApiError('disallowed_login_method');
  return current;
}

const perIp = (request: FastifyRequest, what: string) => `passkey_${what}:ip:${rateLimitAddress(request)}`;
const perUser = (request: FastifyRequest, auth: Authenticated, what: string) =>
  `passkey_${what}:user:${appOf(request).id}:${auth.userId}`;

/** The name the passkey is made for in the user's password manager: their email or number, else the app's. */
function accountName(app: App, user: UserWire): string {
  for (const linked of user.linked_accounts as unknown as Record<string, unknown>[]) {
    if (linked.type === 'email' && typeof linked.address === 'string') return linked.address;
    if (linked.type === 'phone' && typeof linked.number === 'string') return linked.number;
  }
  return `${app.name} account`;
}

/** Whether the user's embedded wallet keeps its recovery share under this passkey. */
async function guardsRecovery(services: Services, app: App, auth: Authenticated, credentialId: string) {
  const wallet = embeddedWalletOf(auth.user);
  if (!wallet) return false;
  const row = await services.wallets.find(app.id, auth.userId, wallet.address);
  if (row.recovery_method !== 'passkey') return false;
  return (JSON.parse(row.recovery) as PasskeyBox).credentialId === credentialId;
}

/** Whether the user's only passkey is all their `passkey` MFA method has (it would verify nothing). */
async function lastForMfa(services: Services, app: App, auth: Authenticated) {
  if (!(await services.mfa.enrolled(auth.userId)).some((method) => method.type === 'passkey')) return false;
  return (await services.passkeys.ofUser(app.id, auth.userId)).length <= 1;
}

/**
 * The captcha in front of a passkey login or sign-up: passed by the visitor's previous try (`after`,
 * its challenge; when it was passed), else checked now (undefined: now).
 */
async function passGate(
  services: Services,
  app: App,
  request: FastifyRequest,
  { token, after }: PasskeyInitBody,
): Promise<number | undefined> {
  const carried = after ? await services.passkeys.challenges.gatePassedAt(app.id, after) : null;
  if (carried !== null) return carried;
  await services.captcha.verify(app, token, clientAddress(request), request.log);
  return undefined;
}

/** Log in and sign up with a passkey (no bearer): options and answers. */
function loginRoutes(scope: SchemaRoutes, services: Services): void {
  const { passkeys } = services;
  scope.post(
    PASSKEY_API_PATHS.loginInit,
    { schema: initSchema },
    async (request): Promise<PasskeyOptionsResponse> => {
      const app = passkeyLoginApp(request);
      await hitLimit(services, perIp(request, 'init'), PASSKEY_INIT_RATE_LIMITS.perIp);
      const gate = await passGate(services, app, request, request.body);
      return { options: await passkeys.authenticationOptions(app.id, null, 'verify', gate) };
    },
  );

  scope.post(PASSKEY_API_PATHS.login, { schema: loginSchema }, async (request): Promise<AuthResult> => {
    const app = passkeyLoginApp(request);
    await hitLimit(services, perIp(request, 'verify'), PASSKEY_VERIFY_RATE_LIMITS.perIp);
    const passkey = await passkeys.verifyAssertion(app, 'login', null, request.body.response);
    // The passkey's account is gone (unlinked meanwhile): no user is made of it.
    const known: AccountHook = async (_trx, _userId, isNew) => {
      if (isNew) throw new ApiError('passkey_not_found');
    };
    return logIn(services, app, passkeyAccount(passkey), known, requestLanguage(request));
  });

  scope.post(PASSKEY_API_PATHS.signup, { schema: loginSchema }, async (request): Promise<AuthResult> => {
    const app = passkeyLoginApp(request);
    await hitLimit(services, perIp(request, 'verify'), PASSKEY_VERIFY_RATE_LIMITS.perIp);
    const made = await passkeys.verifyRegistration(app, 'signup', null, request.body.response);
    const account = newPasskeyAccount(made);
    const insert: AccountHook = async (trx, userId, isNew) => {
      if (!isNew) throw new ApiError('passkey_already_linked');
      await passkeys.insert(trx, app.id, userId, made);
    };
    return logIn(services, app, account, insert, requestLanguage(request));
  });
}

/** A logged-in user's passkeys: options to add or assert one, and the link. */
function userRoutes(scope: SchemaRoutes, services: Services): void {
  const { passkeys } = services;
  scope.post(
    PASSKEY_API_PATHS.registerInit,
    { schema: initSchema },
    async (request): Promise<PasskeyOptionsResponse> => {
      const app = appOf(request);
      if (request.headers.authorization === undefined) {
        // A sign-up: like a login's first step.
        passkeyLoginApp(request);
        await hitLimit(services, perIp(request, 'init'), PASSKEY_INIT_RATE_LIMITS.perIp);
        const gate = await passGate(services, app, request, request.body);
        return { options: await passkeys.registrationOptions(app, null, gate) };
      }
      const auth = await authenticate(request, services);
      await hitLimit(services, perUser(request, auth, 'init'), PASSKEY_INIT_RATE_LIMITS.perUser);
      // A user with a wallet confirms before the ceremony; the link spends that approval.
      if (embeddedWalletOf(auth.user)) await approvedChange(request, services, auth, passkeyLink());
      const user = { id: auth.userId, name: accountName(app, auth.user) };
      return { options: await passkeys.registrationOptions(app, user) };
    },
  );

  scope.post(
    PASSKEY_API_PATHS.verifyInit,
    { schema: verifyInitSchema },
    async (request): Promise<PasskeyOptionsResponse> => {
      const auth = await authenticate(request, services);
      await hitLimit(services, perUser(request, auth, 'init'), PASSKEY_INIT_RATE_LIMITS.perUser);
      return { options: await passkeys.authenticationOptions(appOf(request).id, auth.userId) };
    },
  );

  scope.post(PASSKEY_API_PATHS.link, { schema: linkSchema }, async (request): Promise<UserWire> => {
    const auth = await authenticate(request, services);
    const app = appOf(request);
    const link = async () => {
      await hitLimit(services, perUser(request, auth, 'verify'), PASSKEY_VERIFY_RATE_LIMITS.perUser);
      const made = await passkeys.verifyRegistration(app, 'link', auth.userId, request.body.response);
      const account = newPasskeyAccount(made);
      return services.users.linkAccount(app.id, auth.userId, account, (trx, userId) =>
        passkeys.insert(trx, app.id, userId, made),
      );
    };
    return withStepUp(request, services, auth, passkeyLink(), link);
  });
}

/**
 * Passkey ceremonies (protocol/passkey.ts), for the wallet frame only (registered under
 * requireFrameCaller: every ceremony runs in its provider-origin surface): log in and sign up
 * (with `passkey_auth`), link, and the challenge a step-up's `passkey` factor answers.
 */
export function passkeyRoutes(scope: SchemaRoutes, services: Services): void {
  loginRoutes(scope, services);
  userRoutes(scope, services);
}

/**
 * Unlinking a passkey: no ceremony, so the host page's widget calls it like any unlink (registered
 * under requireApp, the app's allowed origins), the step-up met in the wallet frame's surface.
 */
export function passkeyUnlinkRoutes(scope: SchemaRoutes, services: Services): void {
  const { passkeys } = services;
  scope.post(PASSKEY_API_PATHS.unlink, { schema: unlinkSchema }, async (request): Promise<UserWire> => {
    const auth = await authenticate(request, services);
    const app = appOf(request);
    const { credentialId } = request.body;
    const passkey = await passkeys.find(app.id, credentialId);
    if (!passkey || passkey.user_id !== auth.userId) throw new ApiError('passkey_not_found');
    // Refused at once, not after a step-up: the wallet's recovery must move first.
    if (await guardsRecovery(services, app, auth, credentialId)) throw new ApiError('passkey_in_use');
    if (await lastForMfa(services, app, auth)) {
      throw new ApiError('passkey_in_use', PASSKEY_ERRORS.inUseForMfa.message);
    }
    const change = passkeyUnlink(credentialId, passkey.authenticator_name);
    return withStepUp(request, services, auth, change, () =>
      services.users.unlinkAccount(app.id, auth.userId, PASSKEY_ACCOUNT_TYPE, credentialId),
    );
  });
}
