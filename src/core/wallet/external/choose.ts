/**
 * Choosing a wallet (LANDING, LINK_WALLET_SCREEN, CONNECT_ONLY_LANDING_SCREEN, §2.2, §4.4): the
 * chosen wallet's flow runs as the modal's task. Phantom missing: its in-app browser (mobile) or
 * its install screen (desktop). A `gatehouse_connector` in the address resumes a connection (§2.1).
 */

import { QUERY_PARAMS } from '../../../protocol/constants.js';
import {
  COINBASE_WALLET_CONNECTOR,
  INJECTED_CONNECTOR,
  PHANTOM_CONNECTOR,
  PHANTOM_WALLET_CLIENT_TYPE,
  WALLET_CONNECT_CONNECTOR,
} from '../../../protocol/external-wallet.js';
import { SCREENS } from '../../../protocol/screens.js';
import * as CODES from '../../errors/codes.js';
import { captchaToken } from '../../login/captcha-gate.js';
import type { Outcome } from '../../login/outcome.js';
import { startFlow } from '../../login/run.js';
import { isCancelled, type Task } from '../../modal/task.js';
import { EXTERNAL_WALLET_TEXT } from '../../text/external-wallet.js';
import { type WalletChoice, walletClientTypeOf } from './choices.js';
import type { DetectedWallet } from './discovery.js';
import { connectorError } from './errors.js';
import { attempts, unknownConnectFailure } from './flow.js';
import { type ExternalWallets, lower, type WalletFlowMode } from './state.js';

type Reachable = Exclude<WalletChoice, { kind: 'phantom_missing' }>;

const CONNECTOR_OF = {
  injected: INJECTED_CONNECTOR,
  coinbase: COINBASE_WALLET_CONNECTOR,
  wallet_connect: WALLET_CONNECT_CONNECTOR,
};

/**
 * A login asks for the captcha first when it is on and unsolved (§4.4), then AWAITING_CONNECTION.
 * A wallet that is connected already (reconnected at load, or by connectWallet) is not asked again:
 * the screen offers 'Sign with your wallet'.
 */
async function chosenFlow(w: ExternalWallets, task: Task, choice: Reachable): Promise<Outcome> {
  const captcha = w.$flow.get().mode === 'login' ? await captchaToken(w.ctx, task) : undefined;
  task.show(w.awaitingScreen());
  let wallet: Awaited<ReturnType<typeof w.connectors.forChoice>>;
  try {
    wallet = await task.until(w.connectors.forChoice(choice));
  } catch (error) {
    if (isCancelled(error)) throw error;
    // The connector's code or its client could not load: this wallet cannot be used here.
    return unknownConnectFailure(w, error);
  }
  w.updateFlow({ wallet: wallet.info });
  const found = [...w.connections.values()].find((c) => c.provider === wallet.provider);
  if (found) w.updateFlow({ status: 'connected', address: found.address });
  return attempts(w, task, { wallet, byFlow: false, captcha });
}

/** An entry of the wallet list was chosen: AWAITING_CONNECTION while its connector loads, then the flow. */
export async function chooseWallet(
  w: ExternalWallets,
  choice: WalletChoice,
  mode: WalletFlowMode,
): Promise<void> {
  if (choice.kind === 'phantom_missing') {
    w.begin(mode);
    w.ctx.modal.navigate(w.connectors.isMobile() ? SCREENS.phantomInterstitial : SCREENS.installPhantom);
    return;
  }
  const registryWallet = choice.kind === 'wallet_connect' ? choice.wallet : null;
  const wallet =
    choice.kind === 'injected'
      ? choice.detected.info
      : { uuid: choice.key, name: choice.name, icon: choice.icon, rdns: '' };
  w.begin(mode, { wallet, connectorType: CONNECTOR_OF[choice.kind], registryWallet });
  await startFlow(w.ctx, (task) => chosenFlow(w, task, choice), w.intent());
}

/** A detected extension was chosen. */
export function choose(w: ExternalWallets, detected: DetectedWallet, mode: WalletFlowMode): Promise<void> {
  const { uuid, name, icon } = detected.info;
  return chooseWallet(w, { kind: 'injected', key: uuid, name, icon, detected }, mode);
}

/** 'Use a different wallet': back to the list this flow started from. */
export function useDifferentWallet(w: ExternalWallets): void {
  const { mode } = w.$flow.get();
  w.begin(mode);
  const list = {
    link: SCREENS.linkWallet,
    connect: SCREENS.connectOnlyLanding,
    login: SCREENS.landing,
  } as const;
  w.ctx.modal.navigate(list[mode]);
}

/** `wallet.loginOrLink()`: SIWE with a connected wallet — a login, or a link when someone is logged in. */
export async function loginOrLink(w: ExternalWallets, address: string): Promise<void> {
  const connection = w.connections.get(lower(address));
  if (!connection) throw connectorError(CODES.walletNotConnected, EXTERNAL_WALLET_TEXT.notConnected);
  const mode: WalletFlowMode = w.ctx.session.authenticated ? 'link' : 'login';
  const { info: wallet, connectorType } = connection;
  w.begin(mode, { wallet, status: 'connected', address, connectorType });
  w.ctx.modal.open(SCREENS.awaitingConnection, { intent: w.intent() });
  await startFlow(w.ctx, (task) => attempts(w, task, { wallet: connection, byFlow: true }), w.intent());
}

/**
 * §2.1: a page opened with `gatehouse_connector` and `gatehouse_wallet_client` resumes that wallet's
 * connection (Phantom's in-app browser, after the interstitial). The parameters leave the address.
 * On a desktop browser a Phantom connector cannot be resumed: LOGIN_FAILED_SCREEN.
 */
export async function resumeFromUrl(w: ExternalWallets): Promise<void> {
  const location = w.page.location ?? globalThis.location;
  const url = new URL(location.href);
  const connector = url.searchParams.get(QUERY_PARAMS.connector);
  const walletClient = url.searchParams.get(QUERY_PARAMS.walletClient);
  if (!connector) return;
  url.searchParams.delete(QUERY_PARAMS.connector);
  url.searchParams.delete(QUERY_PARAMS.walletClient);
  globalThis.history?.replaceState(globalThis.history.state, '', url.href);
  if (w.ctx.session.authenticated) return;
  w.begin('login');
  if (connector === PHANTOM_CONNECTOR && !w.connectors.isMobile()) {
    w.ctx.modal.open(SCREENS.loginFailed, { intent: w.intent() });
    return;
  }
  const type = connector === PHANTOM_CONNECTOR ? PHANTOM_WALLET_CLIENT_TYPE : walletClient;
  const wallet = await w.detect().find((info) => walletClientTypeOf(info) === type);
  w.ctx.modal.open(SCREENS.awaitingConnection, { intent: w.intent() });
  if (!wallet) {
    w.ctx.modal.navigate(SCREENS.loginFailed);
    return;
  }
  await choose(w, wallet, 'login');
}
