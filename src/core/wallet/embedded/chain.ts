/** The embedded wallet's chain (§4.5): the remembered one per address when supported, else the default. */
import { STORAGE_KEYS } from '../../../protocol/constants.js';
import { PROVIDER_ERROR_CODES } from '../../../protocol/wallet-constants.js';
import type { Context } from '../../context.js';
import { WALLET_MESSAGES } from '../../errors/wallet-messages.js';
import { walletChains } from '../../settings/wallet.js';
import { chainForConnection, chainIdToHex, requireSupportedChain } from '../chains.js';
import { ProviderRpcError } from '../provider-error.js';
import { RpcClient } from '../rpc.js';
import { currentWallet, fire, walletState } from './state.js';

function storedChains(ctx: Context): Record<string, number> {
  try {
    const value = JSON.parse(ctx.storage.getItem(STORAGE_KEYS.walletChains) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The wallet's current chain id. */
export function currentChainId(ctx: Context): number {
  const state = walletState(ctx);
  if (state.chainId !== null) return state.chainId;
  const address = currentWallet(ctx)?.address;
  const stored = address ? storedChains(ctx)[address.toLowerCase()] : undefined;
  state.chainId = chainForConnection(walletChains(ctx), stored ?? null).id;
  return state.chainId;
}

/** wallet_switchEthereumChain (§4.5): a supported chain, remembered per address; 4902 otherwise. */
export function switchChain(ctx: Context, id: unknown): number {
  const state = walletState(ctx);
  const chain = requireSupportedChain(walletChains(ctx), id);
  const changed = chain.id !== currentChainId(ctx);
  state.chainId = chain.id;
  const address = currentWallet(ctx)?.address;
  if (address) {
    const chains = storedChains(ctx);
    chains[address.toLowerCase()] = chain.id;
    ctx.storage.setItem(STORAGE_KEYS.walletChains, JSON.stringify(chains));
  }
  if (changed) fire(state, 'chainChanged', chainIdToHex(chain.id));
  return chain.id;
}

/** The JSON-RPC client of a supported chain (the host's rpcConfig over the chain's own URL). */
export function rpcClient(ctx: Context, chainId = currentChainId(ctx)): RpcClient {
  const config = walletChains(ctx);
  const chain = requireSupportedChain(config, chainId);
  const url = config.rpcUrls[chain.id] ?? chain.rpcUrls.default.http[0];
  if (!url) throw new ProviderRpcError(PROVIDER_ERROR_CODES.internal, WALLET_MESSAGES.noRpcUrl);
  return new RpcClient(url, { fetch: ctx.options.fetch });
}
