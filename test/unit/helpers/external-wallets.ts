/**
 * The external wallets of a client as the tests drive them: the flows of core/wallet/external
 * bound to one instance (the client's own, or a fresh one on another page, as after a reload).
 */
import type { Context } from '../../../src/core/context.js';
import { loginOrLink, resumeFromUrl } from '../../../src/core/wallet/external/choose.js';
import type { DetectedWallet } from '../../../src/core/wallet/external/discovery.js';
import {
  choose,
  chooseWallet,
  externalWallets,
  METHODS,
  retryWallet,
  signWithWallet,
  useDifferentWallet,
  type WalletChoice,
} from '../../../src/core/wallet/external/index.js';
import { reconnect } from '../../../src/core/wallet/external/reconnect.js';
import {
  ExternalWallets,
  type ExternalWalletsOptions,
  type WalletFlowMode,
} from '../../../src/core/wallet/external/state.js';

function drive(w: ExternalWallets) {
  const { ctx } = w;
  return {
    $flow: w.$flow,
    detect: () => w.detect(),
    choices: (detected: readonly DetectedWallet[], values: readonly string[]) =>
      w.connectors.choices(detected, values),
    choose: (detected: DetectedWallet, mode: WalletFlowMode) => choose(w, detected, mode),
    chooseWallet: (choice: WalletChoice, mode: WalletFlowMode) => chooseWallet(w, choice, mode),
    retry: () => retryWallet(w),
    sign: () => signWithWallet(w),
    useDifferentWallet: () => useDifferentWallet(w),
    loginOrLink: (address: string) => loginOrLink(w, address),
    reconnect: () => reconnect(w),
    resumeFromUrl: () => resumeFromUrl(w),
    phantomBrowseLink: () => w.connectors.phantomBrowseLink(),
    reloadPage: () => (w.page.location ?? globalThis.location).reload(),
    linkWallet: () => METHODS.linkWallet(ctx),
    unlinkWallet: (address: string) => METHODS.unlinkWallet(ctx, address),
    connectWallet: () => METHODS.connectWallet(ctx),
  };
}

/** The client's external wallets (made with these options on first use). */
export const walletsOf = (client: { ctx: Context }, options?: ExternalWalletsOptions) =>
  drive(externalWallets(client.ctx, options));

/** A second instance for the same client, as a new page load would make. */
export function freshWallets(client: { ctx: Context }, options?: ExternalWalletsOptions) {
  return drive(new ExternalWallets(client.ctx, loginOrLink, options));
}
