/**
 * The embedded wallet of one client (§4.5, §4.6): its frame proxy, what its screens render
 * (`$ui`, ui-state.ts), the address the frame holds the key of on this device, its chain, and its
 * EIP-1193 provider. Made with the first wallet call; forgotten on logout.
 */
import { atom, type WritableAtom } from 'nanostores';
import type { User } from '../../../protocol/client.js';
import { STORAGE_KEYS } from '../../../protocol/constants.js';
import type { EmbeddedWallet } from '../../../protocol/embedded-wallet.js';
import { PROVIDER_ERROR_CODES } from '../../../protocol/wallet-constants.js';
import type { Context } from '../../context.js';
import * as CODES from '../../errors/codes.js';
import { clientError } from '../../errors/gatehouse-error.js';
import { walletSettings } from '../../settings/wallet.js';
import { WALLET_FLOW_TEXT } from '../../text/wallet-flow.js';
import type { EmbeddedEthereumProvider } from '../provider.js';
import { ProviderRpcError } from '../provider-error.js';
import { WalletProxy } from './proxy.js';
import { INITIAL_WALLET_UI, type WalletUiState } from './ui-state.js';

export interface WalletState {
  readonly proxy: WalletProxy;
  readonly $ui: WritableAtom<WalletUiState>;
  /** The address the frame holds the key of on this device (connected or recovered). */
  address: string | null;
  /** A connection under way, shared by every call that needs it. */
  connecting: Promise<string> | null;
  /** A creation without a password under way (a login's, a resumed one, the host's), shared. */
  creating: Promise<EmbeddedWallet> | null;
  chainId: number | null;
  readonly prices: Map<string, Promise<number | null>>;
  /** Made by getEthereumProvider() (index.ts); the wallet's events go to its listeners. */
  provider: EmbeddedEthereumProvider | null;
}

const states = new WeakMap<Context, WalletState>();
/** What each new wallet state starts, set by index.ts (which this module cannot import). */
export const onWalletState: { made?: (ctx: Context) => void } = {};

/** The wallet of this client, made the first time it is needed. */
export function walletState(ctx: Context): WalletState {
  let state = states.get(ctx);
  if (state) return state;
  const { appId, apiUrl, walletFrame } = ctx.options;
  const made: WalletState = {
    proxy: new WalletProxy({
      apiUrl,
      appId,
      clientAnalyticsId: ctx.storage.getItem(STORAGE_KEYS.clientAnalyticsId) ?? '',
      hostOrigin: walletFrame?.hostOrigin,
      messages: walletFrame?.messages,
      mount: walletFrame?.mount,
    }),
    $ui: atom(INITIAL_WALLET_UI),
    address: null,
    connecting: null,
    creating: null,
    chainId: null,
    prices: new Map(),
    provider: null,
  };
  state = made;
  states.set(ctx, made);
  // Logging out: the frame forgets first, while the session still stands.
  ctx.session.beforeLogout(() => made.proxy.forget());
  // Logged out (here, in another tab, or by custom auth): the wallet is no longer this page's.
  ctx.stores.$authenticated.listen((authenticated) => {
    if (!authenticated) reset(made);
  });
  onWalletState.made?.(ctx);
  return made;
}

/** The screens' state: each part replaced by its patch. */
export function update(state: WalletState, patch: Partial<WalletUiState>): void {
  state.$ui.set({ ...state.$ui.get(), ...patch });
}

/** The provider's events (chainChanged, accountsChanged) to its listeners, once it is made. */
export const fire = (state: WalletState, event: string, value: unknown): void =>
  state.provider?.emit(event, value);

function reset(state: WalletState): void {
  // Also for a logout that did not pass through this page's session (another tab): forget.
  state.proxy.forget().catch(() => undefined);
  const had = state.address !== null;
  state.address = null;
  state.connecting = null;
  state.creating = null;
  state.chainId = null;
  state.$ui.set(INITIAL_WALLET_UI);
  if (had) fire(state, 'accountsChanged', []);
}

/**
 * noPromptOnSignature: whether a signature goes without the user's approval. Refused (invalid_config)
 * while the app enforces its wallet UIs — the frame would refuse to sign silently anyway.
 */
export function signsSilently(ctx: Context): boolean {
  const { noPrompt, enforceWalletUis } = walletSettings(ctx);
  if (noPrompt && enforceWalletUis) {
    throw clientError(CODES.invalidConfig, WALLET_FLOW_TEXT.noPromptNeedsUisOff);
  }
  return noPrompt;
}

/** The user's embedded wallet (walletClientType 'gatehouse'), if any. */
function embeddedWalletOf(user: User | null | undefined): EmbeddedWallet | null {
  const account = user?.linkedAccounts.find((a) => a.type === 'wallet' && a.walletClientType === 'gatehouse');
  if (account?.type !== 'wallet') return null;
  return {
    address: account.address,
    chainType: 'ethereum',
    walletClientType: 'gatehouse',
    recoveryMethod: account.recoveryMethod ?? 'gatehouse',
  };
}

/** The embedded wallet of the logged-in user, or null. */
export const currentWallet = (ctx: Context): EmbeddedWallet | null =>
  ctx.session.authenticated ? embeddedWalletOf(ctx.stores.$user.get()) : null;

/** What a closed sign or send screen rejects with (4001, §8). */
export const rejected = (): ProviderRpcError =>
  new ProviderRpcError(PROVIDER_ERROR_CODES.userRejected, WALLET_FLOW_TEXT.userRejected);

/** A wallet request (sign, send) while another waits on a screen: -32002 (§8). */
export const WALLET_REQUEST = 'wallet-request';
export function refuseWhilePending(ctx: Context): void {
  if (ctx.modal.taskKind === WALLET_REQUEST) {
    throw new ProviderRpcError(PROVIDER_ERROR_CODES.resourceUnavailable, WALLET_FLOW_TEXT.requestPending);
  }
}
