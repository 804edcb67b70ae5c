/**
 * The client's start (§2.1, §4.1): the app configuration, the stored session, then what the page
 * address or the last visit left to resume: an OAuth return, custom auth, pending terms, the
 * embedded wallet, remembered external wallets.
 */
import { QUERY_PARAMS, STORAGE_KEYS } from '../../protocol/constants.js';
import { SCREENS } from '../../protocol/screens.js';
import { ANALYTICS_EVENTS } from '../analytics.js';
import type { Context } from '../context.js';
import { connectEmbeddedWallet } from '../loaders/embedded-wallet.js';
import { loadExternalWallets } from '../loaders/external-wallets.js';
import { loadOAuth } from '../loaders/oauth.js';
import { resumeConsent } from '../login/consent-resume.js';
import { reportExits, showFailure } from '../login/failure.js';
import { readOAuthReturn, withoutOAuthParams } from '../login/oauth-return.js';
import { openModal } from '../modal/open.js';
import { followOtherTabs } from '../session/tabs.js';
import { loginSettings } from '../settings/login.js';
import { loadAppConfig } from './app-config.js';
import { syncCustomAuth } from './custom-auth-sync.js';

/** The page came back from an identity provider (§2.1): the parameters leave the address at once. */
function resumeOAuth(ctx: Context): void {
  const href = globalThis.location?.href;
  const returned = href ? readOAuthReturn(href) : null;
  if (!href || !returned) return;
  globalThis.history?.replaceState(globalThis.history.state, '', withoutOAuthParams(href));
  openModal(ctx, SCREENS.awaitingOauth);
  loadOAuth().then(
    (oauth) => oauth.resumeOAuth(ctx, returned),
    (error: unknown) => showFailure(ctx, error),
  );
}

/**
 * §3: the external wallets connected before this load come back without a prompt; §2.1: a
 * `gatehouse_connector` in the address resumes a wallet connection.
 */
function resumeExternalWallets(ctx: Context): void {
  const resume = globalThis.location?.search.includes(QUERY_PARAMS.connector) ?? false;
  if (!resume && !ctx.storage.getItem(STORAGE_KEYS.walletConnections)) return;
  loadExternalWallets().then(
    (wallets) => wallets.resume(ctx, resume),
    () => {},
  );
}

export async function start(ctx: Context): Promise<void> {
  await loadAppConfig(ctx);
  await ctx.session.restore(loginSettings(ctx).cookieDomain);
  // Tabs agree (session/tabs.ts) through the page's localStorage (not the in-memory stand-in of a
  // page where storage is blocked), once the session is known.
  if (ctx.storage === globalThis.localStorage) followOtherTabs(ctx.session, ctx.stores, ctx.storage);
  reportExits(ctx);
  ctx.stores.$ready.set(true);
  resumeOAuth(ctx);
  ctx.analytics.track(ANALYTICS_EVENTS.sdkInitialized);
  void syncCustomAuth(ctx);
  resumeConsent(ctx);
  connectEmbeddedWallet(ctx);
  resumeExternalWallets(ctx);
}
