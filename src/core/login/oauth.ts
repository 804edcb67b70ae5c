/**
 * Logging in and linking with an identity provider, as the modal runs it (§4.3, §4.4): the start
 * (in-app browser check, captcha, AWAITING_OAUTH_SCREEN while oauth/init runs, off to the provider)
 * and the return (verifying, then the login completes or the account is linked, or failed).
 * Loaded the first time a login chooses a provider or the page comes back from one.
 */
import { atom, type WritableAtom } from 'nanostores';
import { API_PATHS, type OAuthUnlinkBody } from '../../protocol/api.js';
import type { User } from '../../protocol/client.js';
import type { OAuthProvider } from '../../protocol/constants.js';
import { SCREENS } from '../../protocol/screens.js';
import type { Context } from '../context.js';
import * as CODES from '../errors/codes.js';
import { clientError, toGatehouseError } from '../errors/gatehouse-error.js';
import { OAUTH_MESSAGES } from '../errors/oauth-messages.js';
import { oauthBlockedHere } from '../in-app-browser.js';
import { openModal } from '../modal/open.js';
import { isCancelled, type Task } from '../modal/task.js';
import { requireToken } from '../session/require-token.js';
import { withCaptcha } from './captcha-gate.js';
import { postChange } from './change-call.js';
import { linkFailed, showFailure } from './failure.js';
import { asTask, CODE_METHODS, loggedIn } from './headless.js';
import { changeAccounts } from './linking.js';
import { OAuthFlow, type OAuthScreenState } from './oauth-flow.js';
import { isOAuthProvider, type OAuthMode, type OAuthReturn } from './oauth-return.js';
import { loginOutcome, type Outcome } from './outcome.js';
import { loginFailed } from './refused.js';
import { startFlow } from './run.js';

const clients = new WeakMap<Context, { flow: OAuthFlow; $state: WritableAtom<OAuthScreenState> }>();

function oauthOf(ctx: Context) {
  let client = clients.get(ctx);
  if (!client) {
    const $state = atom<OAuthScreenState>({ provider: null, mode: 'login', status: 'idle', error: null });
    const { oauthStorage: storage, navigate } = ctx.options;
    // A link of a user with a wallet waits on a step-up in the wallet's surface, then goes again.
    const change = <T>(path: string, body: unknown) => postChange<T>(ctx, path, body);
    client = { $state, flow: new OAuthFlow({ api: ctx.api, state: $state, storage, navigate, change }) };
    clients.set(ctx, client);
  }
  return client;
}

/** What AWAITING_OAUTH_SCREEN shows. */
export const oauthState = (ctx: Context): WritableAtom<OAuthScreenState> => oauthOf(ctx).$state;

async function redirect(ctx: Context, task: Task, provider: OAuthProvider, mode: OAuthMode) {
  const { flow, $state } = oauthOf(ctx);
  await withCaptcha(ctx, task, async (token) => {
    $state.set({ provider, mode, status: 'redirecting', error: null });
    ctx.modal.navigate(SCREENS.awaitingOauth);
    try {
      await task.until(flow.start(provider, mode, token));
    } catch (error) {
      if (mode === 'link' && !isCancelled(error)) linkFailed(ctx, error);
      // ERROR_SCREEN's button then leads back to LANDING, not to a spinner that waits for nothing.
      ctx.modal.$modal.set({ ...ctx.modal.$modal.get(), screen: SCREENS.landing, previousScreen: null });
      throw error;
    }
  });
  return null;
}

/**
 * Google is refused in in-app browsers (IN_APP_BROWSER_LOGIN_NOT_POSSIBLE). Otherwise the captcha
 * when one is due, then AWAITING_OAUTH_SCREEN while oauth/init runs, then the page goes to the
 * provider. A refused init shows on ERROR_SCREEN.
 */
export async function startOAuth(ctx: Context, provider: string, mode: OAuthMode): Promise<void> {
  if (!isOAuthProvider(provider)) {
    const failure = clientError(CODES.invalidInput, OAUTH_MESSAGES.unknownProvider(provider));
    throw mode === 'link' ? linkFailed(ctx, failure) : failure;
  }
  openModal(ctx);
  if (oauthBlockedHere(provider)) {
    ctx.modal.navigate(SCREENS.inAppBrowserLoginNotPossible);
    return;
  }
  // A link's failure reports its link:error itself (redirect), once, whether a captcha came first or not.
  await startFlow(ctx, (task) => redirect(ctx, task, provider, mode), 'login');
}

/** AWAITING_OAUTH_SCREEN's retry: the same provider and purpose again, from the start. */
export async function retryOAuth(ctx: Context): Promise<void> {
  const { provider, mode } = oauthState(ctx).get();
  if (provider) await startOAuth(ctx, provider, mode);
}

async function exchange(ctx: Context, returned: OAuthReturn, mode: OAuthMode): Promise<Outcome> {
  const { flow, $state } = oauthOf(ctx);
  const done = await flow.complete(returned, () => ctx.session.getAccessToken());
  const loginMethod = `${done.provider}_oauth` as const;
  $state.set({ provider: done.provider, mode, status: 'connected', error: null });
  if ('token' in done.result) {
    return loginOutcome(ctx.session.signIn(done.result), done.result.is_new_user, loginMethod);
  }
  const user = ctx.session.setUser(done.result);
  const linkedAccount = user.linkedAccounts.find((linked) => linked.type === loginMethod);
  return linkedAccount ? { kind: 'link', user, linkMethod: loginMethod, linkedAccount } : null;
}

/**
 * Back from the identity provider (§2.1): AWAITING_OAUTH_SCREEN verifying, then the login completes
 * (or the account is linked), or the screen says why it failed.
 */
export async function resumeOAuth(ctx: Context, returned: OAuthReturn): Promise<void> {
  const { flow, $state } = oauthOf(ctx);
  const mode: OAuthMode = flow.pending()?.mode ?? 'login';
  const provider = isOAuthProvider(returned.provider)
    ? returned.provider
    : (flow.pending()?.provider ?? null);
  $state.set({ provider, mode, status: 'verifying', error: null });
  openModal(ctx, SCREENS.awaitingOauth);
  await startFlow(
    ctx,
    async (task) => {
      try {
        return await task.until(exchange(ctx, returned, mode));
      } catch (error) {
        if (isCancelled(error)) throw error;
        const failure = toGatehouseError(error);
        $state.set({ ...$state.get(), status: 'failed', error: failure });
        if (mode === 'link') linkFailed(ctx, failure);
        else loginFailed(ctx, failure);
        if (failure.code === CODES.allowlistRejected) showFailure(ctx, failure);
        return null;
      }
    },
    mode,
  );
}

/** `LoginWidget.unlinkOAuth(provider, subject)`: resolves with the updated user. */
export async function unlinkOAuth(ctx: Context, provider: string, subject: string): Promise<User> {
  await requireToken(ctx.session);
  if (!isOAuthProvider(provider)) {
    throw clientError(CODES.invalidInput, OAUTH_MESSAGES.unknownProvider(provider));
  }
  const body: OAuthUnlinkBody = { provider, subject };
  return changeAccounts(ctx, API_PATHS.oauthUnlink, body);
}

/**
 * `LoginWidget.initOAuth(provider)` (headless login): LANDING's button without the modal. Only a
 * step that needs the person shows: the captcha, or (Google in an in-app browser)
 * IN_APP_BROWSER_LOGIN_NOT_POSSIBLE; a refused init rejects instead of showing.
 */
async function initOAuth(ctx: Context, provider: string): Promise<void> {
  if (loggedIn(ctx)) return;
  if (!isOAuthProvider(provider)) {
    throw clientError(CODES.invalidInput, OAUTH_MESSAGES.unknownProvider(provider));
  }
  await asTask(ctx, async (task) => {
    if (oauthBlockedHere(provider)) task.show(SCREENS.inAppBrowserLoginNotPossible);
    else await redirect(ctx, task, provider, 'login');
  });
}

/** The headless methods of window.LoginWidget (protocol/loader.ts HEADLESS_WIDGET_METHODS). */
export const METHODS = {
  ...CODE_METHODS,
  initOAuth: (ctx: Context, provider?: unknown) => initOAuth(ctx, String(provider ?? '')),
};
