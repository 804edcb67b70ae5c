/**
 * The embedded wallet as the page's dapps find it (EIP-6963), a chunk of its own that the wallet
 * chunk loads once the user has an embedded wallet (index.ts). While they have it, and unless the
 * host set `embeddedWallets.announce: false`, it answers every `eip6963:requestProvider` (and
 * speaks first) with an `eip6963:announceProvider`: this page load's uuid, the name, the icon, the
 * provider host's rdns, and the provider getEthereumProvider() returns. That provider emits
 * EIP-1193's `connect` ({ chainId }) when the wallet comes, and on logout `accountsChanged([])` and
 * `disconnect` (4900); after it the wallet is no longer announced.
 */
import { ANNOUNCED_WALLET_ICON, announcedWalletRdns } from '../../../protocol/eip6963.js';
import { EIP6963_ANNOUNCE_EVENT, EIP6963_REQUEST_EVENT } from '../../../protocol/external-wallet.js';
import { PROVIDER_ERROR_CODES } from '../../../protocol/wallet-constants.js';
import type { Context } from '../../context.js';
import { announceSettings } from '../../settings/wallet-announce.js';
import type { EmbeddedEthereumProvider } from '../provider.js';
import { ProviderRpcError } from '../provider-error.js';
import { currentWallet } from './state.js';

const started = new WeakSet<Context>();

/** Offers the wallet to the page's dapps for as long as the user has it (once per client). */
export async function announce(ctx: Context, provider: EmbeddedEthereumProvider): Promise<void> {
  // Outside a page (no window to send events on) there is no dapp to find it.
  if (started.has(ctx) || typeof globalThis.addEventListener !== 'function') return;
  started.add(ctx);
  const uuid = crypto.randomUUID();
  const rdns = announcedWalletRdns(ctx.options.apiUrl);
  let present = false;
  let told: unknown;
  provider.on('accountsChanged', (accounts) => {
    told = accounts;
  });
  const offer = () => {
    const { announce: on, name } = announceSettings(ctx);
    if (!present || !on) return;
    const info = Object.freeze({ uuid, name, icon: ANNOUNCED_WALLET_ICON, rdns });
    const detail = Object.freeze({ info, provider });
    globalThis.dispatchEvent(new CustomEvent(EIP6963_ANNOUNCE_EVENT, { detail }));
  };
  const arrive = () => {
    if (present || !currentWallet(ctx)) return;
    present = true;
    provider.request({ method: 'eth_chainId' }).then(
      (chainId) => provider.emit('connect', { chainId }),
      () => {},
    );
    offer();
  };
  const leave = () => {
    if (!present) return;
    present = false;
    // The wallet's own logout step (state.ts) told the listeners only of a wallet loaded here.
    if (!Array.isArray(told) || told.length > 0) provider.emit('accountsChanged', []);
    provider.emit('disconnect', new ProviderRpcError(PROVIDER_ERROR_CODES.disconnected));
  };
  // A host's init() still being checked (`announce: false`, a name) applies before the first word.
  await ctx.configured?.catch(() => undefined);
  globalThis.addEventListener(EIP6963_REQUEST_EVENT, offer);
  ctx.stores.$user.subscribe(arrive);
  ctx.stores.$authenticated.listen((authenticated) => (authenticated ? arrive() : leave()));
}
