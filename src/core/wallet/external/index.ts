/**
 * External wallets in the client (§3, §4.4, §4.5, §6), loaded the first time a page needs them:
 * the host's wallet methods, the reconnection at load, and what the wallet screens call.
 */

import type { User } from '../../../protocol/client.js';
import { SCREENS, type ScreenName } from '../../../protocol/screens.js';
import { SIWE_API_PATHS } from '../../../protocol/siwe-api.js';
import type { Context } from '../../context.js';
import * as CODES from '../../errors/codes.js';
import { clientError } from '../../errors/gatehouse-error.js';
import { MESSAGES, SESSION_MESSAGES } from '../../errors/messages.js';
import { linkFailed } from '../../login/failure.js';
import { changeAccounts } from '../../login/linking.js';
import { EXTERNAL_WALLET_TEXT } from '../../text/external-wallet.js';
import type { WalletChoice } from './choices.js';
import { choose, chooseWallet, loginOrLink, resumeFromUrl, useDifferentWallet } from './choose.js';
import { disconnect } from './connections.js';
import { retryWallet, signWithWallet } from './flow.js';
import { reconnect } from './reconnect.js';
import type { WalletFlowMode } from './state.js';
import { ExternalWallets, type ExternalWalletsOptions, lower } from './state.js';

export type { WalletChoice } from './choices.js';
export { describeWalletError, providerCode } from './errors.js';
export type { WalletFlowMode, WalletFlowState } from './state.js';
export { choose, chooseWallet, disconnect, retryWallet, signWithWallet, useDifferentWallet };

const instances = new WeakMap<Context, ExternalWallets>();

/** The external wallets of a client: one per client, made with the first use. */
export function externalWallets(ctx: Context, options?: ExternalWalletsOptions): ExternalWallets {
  let wallets = instances.get(ctx);
  if (!wallets) {
    wallets = new ExternalWallets(ctx, loginOrLink, options);
    instances.set(ctx, wallets);
  }
  return wallets;
}

/** At start: remembered wallets reconnect; a `gatehouse_connector` in the address resumes a connection. */
export async function resume(ctx: Context, fromUrl: boolean): Promise<void> {
  const wallets = externalWallets(ctx);
  await Promise.all([reconnect(wallets), fromUrl && resumeFromUrl(wallets)]);
}

function openList(
  ctx: Context,
  screen: ScreenName,
  mode: 'login' | 'link' | 'connect',
  createWallet = false,
): void {
  const wallets = externalWallets(ctx);
  wallets.detect();
  wallets.begin(mode);
  ctx.modal.replace(screen, { intent: wallets.intent(), createWallet });
}

/** `connectWallet()`: CONNECT_ONLY_LANDING_SCREEN; no login needed. Resolves once the modal is open. */
function connectWallet(ctx: Context): void {
  openList(ctx, SCREENS.connectOnlyLanding, 'connect');
}

/**
 * `connectOrCreateWallet()` (§6): only with no session and no connected wallet. Then
 * CONNECT_OR_CREATE offers the wallets (a connection only) and the other ways in, whose login then
 * creates the embedded wallet. Otherwise it warns, as a login while logged in does (§4.1), and
 * does nothing: a session's wallet comes from createWallet(), a connected one logs in by loginOrLink().
 */
function connectOrCreateWallet(ctx: Context): void {
  if (ctx.session.authenticated) {
    console.warn(MESSAGES.alreadyLoggedIn);
    return;
  }
  if (ctx.stores.$wallets.get().length > 0) {
    console.warn(EXTERNAL_WALLET_TEXT.alreadyConnected);
    return;
  }
  openList(ctx, SCREENS.connectOrCreate, 'connect', true);
}

/** `linkWallet()`: LINK_WALLET_SCREEN for the logged-in user; the outcome is link:success or link:error. */
function linkWallet(ctx: Context): void {
  if (!ctx.session.authenticated) {
    throw linkFailed(ctx, clientError(CODES.mustBeAuthenticated, SESSION_MESSAGES.mustBeAuthenticated));
  }
  openList(ctx, SCREENS.linkWallet, 'link');
}

/** `unlinkWallet(address)`: resolves with the updated user; the embedded wallet cannot be unlinked (§8). */
async function unlinkWallet(ctx: Context, address: unknown): Promise<User> {
  const value = String(address ?? '');
  const embedded = ctx.stores.$user
    .get()
    ?.linkedAccounts.some(
      (a) => a.type === 'wallet' && a.walletClientType === 'gatehouse' && lower(a.address) === lower(value),
    );
  if (embedded)
    throw clientError(CODES.cannotUnlinkEmbeddedWallet, EXTERNAL_WALLET_TEXT.cannotUnlinkEmbedded);
  return changeAccounts(ctx, SIWE_API_PATHS.unlink, { address: value.trim() });
}

/** The external wallets' methods of window.LoginWidget. */
export const METHODS = { connectWallet, connectOrCreateWallet, linkWallet, unlinkWallet };

/** What the wallet screens call (the widget's useExternalWallets). */
export function walletScreens(ctx: Context) {
  const w = externalWallets(ctx);
  return {
    $flow: w.$flow,
    detect: () => w.detect(),
    choices: (...args: Parameters<typeof w.connectors.choices>) => w.connectors.choices(...args),
    chooseWallet: (choice: WalletChoice, mode: WalletFlowMode) => chooseWallet(w, choice, mode),
    sign: () => signWithWallet(w),
    retry: () => retryWallet(w),
    useDifferentWallet: () => useDifferentWallet(w),
    /** PHANTOM_INTERSTITIAL_SCREEN's link (see Connectors.phantomBrowseLink). */
    phantomBrowseLink: () => w.connectors.phantomBrowseLink(),
    /** INSTALL_PHANTOM_SCREEN's 'Reload': after installing, the page finds the extension. */
    reloadPage: () => (w.page.location ?? globalThis.location).reload(),
  };
}

export type WalletScreens = ReturnType<typeof walletScreens>;
