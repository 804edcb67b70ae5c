/**
 * The chains (§4.5, §5): the host's `defaultChain` and `supportedChains`, else every chain of the
 * table with Ethereum first. Read by the wallets and funding (lazy), never at start.
 */
import type { Context } from '../context.js';
import { type ChainConfig, resolveChainConfig } from '../wallet/chains.js';

export const chainSettings = (ctx: Context): ChainConfig => resolveChainConfig(ctx.$hostConfig.get());
