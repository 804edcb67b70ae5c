import type { FastifyRequest } from 'fastify';
import type { UserWire } from '../../protocol/api.js';
import type { StepUpAccountWire, StepUpAction } from '../../protocol/step-up.js';
import { EMBEDDED_WALLET_CLIENT_TYPE, WALLET_ACCOUNT_TYPE } from '../../protocol/wallet-api.js';
import type { Services } from '../services/index.js';
import { mailFailure } from '../services/login/mail.js';
import type { StepUpContext } from '../services/step-up/step-up.js';
import { changeNoticeMail } from '../services/step-up/step-up-notices.js';
import { appOf } from './app-context.js';
import type { Authenticated } from './authenticate.js';
import { messageLanguage } from './message-language.js';

/** The session of the request as the step-up tickets know it. */
export function stepUpContext(request: FastifyRequest, auth: Authenticated): StepUpContext {
  const { claims } = auth;
  const loginAt = typeof claims.auth_time === 'number' ? claims.auth_time : claims.iat;
  return {
    appId: appOf(request).id,
    userId: auth.userId,
    sessionId: claims.sid,
    loginAt: (loginAt ?? 0) * 1000,
  };
}

/** The user's embedded wallet account, if any: what a token could take, and so what changes need a step-up for. */
export function embeddedWalletOf(user: UserWire): { address: string } | undefined {
  const account = user.linked_accounts.find(
    (linked) =>
      linked.type === WALLET_ACCOUNT_TYPE &&
      (linked as { wallet_client_type?: unknown }).wallet_client_type === EMBEDDED_WALLET_CLIENT_TYPE,
  ) as { address?: unknown } | undefined;
  return typeof account?.address === 'string' ? { address: account.address } : undefined;
}

/** A change of the account: its action, the exact thing it changes, and what to show the user. */
export interface AccountChange {
  action: Exclude<StepUpAction, 'new_device'>;
  /** `type:subject` (or the MFA method): which ticket covers it. */
  target: string;
  account: StepUpAccountWire;
}

/**
 * Runs the change; for a user with an embedded wallet, only with an approved ticket of this
 * session for exactly it, which it then spends (a change that fails — a mistyped code — leaves the
 * approval for the retry). Without one: 403 step_up_required with the ticket to approve in the
 * wallet's surface, before anything is spent. A user without a wallet changes freely (what they
 * add waits the cooldown before it can confirm anything).
 */
export async function withStepUp<T>(
  request: FastifyRequest,
  services: Services,
  auth: Authenticated,
  change: AccountChange,
  run: () => Promise<T>,
): Promise<T> {
  const spend = await approvedChange(request, services, auth, change);
  const result = await run();
  await spend();
  return result;
}

/**
 * A way in added, or the email moved, without a step-up (no wallet to guard yet): the user's email
 * hears of it while it waits out the cooldown, so a link a stolen token made does not wait unseen.
 */
function noticeChange(
  request: FastifyRequest,
  services: Services,
  auth: Authenticated,
  change: AccountChange,
) {
  if (change.action !== 'link' && change.action !== 'update') return;
  const email = auth.user.linked_accounts.find((linked) => linked.type === 'email') as
    | { address?: unknown }
    | undefined;
  if (typeof email?.address !== 'string' || email.address === change.account.label) return;
  const app = appOf(request);
  const fields = {
    to: email.address,
    appName: app.name,
    action: change.action,
    account: change.account,
    usableFrom: services.stepUp.usableFromNow(),
  };
  const mail = messageLanguage(request, services.db, { userId: auth.userId }).then((language) =>
    changeNoticeMail({ ...fields, language }),
  );
  services.mailer.queueNotice(mail, (error) => {
    request.log.error({ appId: app.id, reason: mailFailure(error) }, 'account change notice not delivered');
  });
}

/**
 * withStepUp's check alone, for a change named only once its proof is checked (an OAuth code):
 * throws step_up_required, or answers how to spend the approval once the change is done.
 */
export async function approvedChange(
  request: FastifyRequest,
  services: Services,
  auth: Authenticated,
  change: AccountChange,
): Promise<() => Promise<void>> {
  if (!embeddedWalletOf(auth.user)) return async () => noticeChange(request, services, auth, change);
  const ticket = await services.stepUp.require(stepUpContext(request, auth), change);
  return () => services.stepUp.spend(ticket);
}

/**
 * The recovery share to a device key not registered yet (`deviceId`, its thumbprint): only with an
 * approved `new_device` ticket of this session for that key (not spent: a wrong password may
 * retry). A `user-passcode` wallet of a user with no factor at all goes through: its password,
 * typed in the surface, is then the only thing that opens it.
 */
export async function requireNewDeviceStepUp(
  request: FastifyRequest,
  services: Services,
  auth: Authenticated,
  wallet: { deviceId: string; recoveryMethod: string },
): Promise<void> {
  const context = stepUpContext(request, auth);
  if (wallet.recoveryMethod === 'user-passcode') {
    const { any } = await services.stepUp.factors(context, 'new_device');
    if (!any) return;
  }
  const change = { action: 'new_device' as const, target: wallet.deviceId, account: null };
  await services.stepUp.require(context, change);
}
