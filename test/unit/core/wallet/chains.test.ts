import { base as viemBase, mainnet as viemMainnet } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { GatehouseError } from '../../../../src/core/errors/gatehouse-error.js';
import {
  addEthereumChainParameter,
  chainForConnection,
  chainForTransaction,
  chainIdToHex,
  explorerUrl,
  parseChainId,
  requireSupportedChain,
  resolveChainConfig,
  rpcUrlFor,
} from '../../../../src/core/wallet/chains.js';
import { ProviderRpcError } from '../../../../src/core/wallet/provider-error.js';
import {
  ARBITRUM_CHAIN_IDS,
  BSC_CHAIN_IDS,
  CHAINS,
  type Chain,
  OP_STACK_CHAIN_IDS,
  POLYGON_CHAIN_IDS,
  POLYGON_GAS_STATION_URLS,
} from '../../../../src/protocol/chains.js';

const localChain: Chain = {
  id: 31337,
  name: 'Hardhat (local)',
  network: 'hardhat',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
};

const byId = (id: number) => CHAINS.find((c) => c.id === id)!;

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

describe('the chain table (§3)', () => {
  it('has every chain the spec lists, each with a name, RPC URL, explorer and 18-decimal currency', () => {
    const listed: Record<string, number> = {
      Ethereum: 1,
      Sepolia: 11155111,
      Goerli: 5,
      Holesky: 17000,
      'Arbitrum One': 42161,
      'Arbitrum Goerli': 421613,
      'Arbitrum Sepolia': 421614,
      Base: 8453,
      'Base Goerli': 84531,
      'Base Sepolia': 84532,
      'OP Mainnet': 10,
      'Optimism Goerli': 420,
      'OP Sepolia': 11155420,
      Polygon: 137,
      'Polygon Mumbai': 80001,
      Celo: 42220,
      Alfajores: 44787,
      'Filecoin Mainnet': 314,
      'Filecoin Calibration': 314159,
      'Linea Mainnet': 59144,
      'Linea Goerli Testnet': 59140,
      Avalanche: 43114,
      'Avalanche Fuji': 43113,
      Zora: 7777777,
      'Zora Goerli Testnet': 999,
      'Zora Sepolia': 999999999,
      'Redstone Holesky': 17001,
    };
    for (const [name, id] of Object.entries(listed)) {
      const chain = byId(id);
      expect(chain?.name).toBe(name);
      expect(chain.nativeCurrency.decimals).toBe(18);
      expect(chain.rpcUrls.default.http[0]).toMatch(/^https:\/\//);
      expect(chain.blockExplorers?.default.url).toMatch(/^https:\/\//);
      expect(typeof chain.testnet).toBe('boolean');
      expect(chain.network).toBeTruthy();
    }
    expect(new Set(CHAINS.map((c) => c.id)).size).toBe(CHAINS.length);
    expect(byId(1).testnet).toBe(false);
    expect(byId(11155111).testnet).toBe(true);
  });

  it('groups the chain ids of the gas rules (§9): BSC 2, OP stack 9, Arbitrum 3, Polygon 3', () => {
    expect(BSC_CHAIN_IDS).toEqual([56, 97]);
    expect([...OP_STACK_CHAIN_IDS].sort((a, b) => a - b)).toEqual([
      10, 420, 999, 8453, 84531, 84532, 7777777, 11155420, 999999999,
    ]);
    expect(ARBITRUM_CHAIN_IDS).toEqual([42161, 421613, 421614]);
    expect(POLYGON_CHAIN_IDS).toEqual([137, 80001, 80002]);
    for (const id of [...BSC_CHAIN_IDS, ...OP_STACK_CHAIN_IDS, ...ARBITRUM_CHAIN_IDS, ...POLYGON_CHAIN_IDS]) {
      expect(byId(id)).toBeDefined();
    }
    for (const id of POLYGON_CHAIN_IDS) expect(POLYGON_GAS_STATION_URLS[id]).toMatch(/^https:\/\//);
  });
});

describe('the host chain configuration (§3, §5, §9)', () => {
  it('defaults to Ethereum mainnet with every known chain supported', () => {
    const config = resolveChainConfig();
    expect(config.defaultChain.id).toBe(1);
    expect(config.supportedChains.map((c) => c.id)).toEqual(CHAINS.map((c) => c.id));
    expect(rpcUrlFor(config, 1)).toBe(byId(1).rpcUrls.default.http[0]);
  });

  it('takes the first supported chain as the default when supportedChains is set', () => {
    const config = resolveChainConfig({ supportedChains: [byId(8453), byId(1)] });
    expect(config.defaultChain.id).toBe(8453);
    expect(config.supportedChains.map((c) => c.id)).toEqual([8453, 1]);
  });

  it('accepts a custom dev chain (31337) with its RPC URL, as supported and default chain', () => {
    const config = resolveChainConfig({ supportedChains: [localChain], defaultChain: localChain });
    expect(config.defaultChain).toBe(localChain);
    expect(config.supportedChains).toEqual([localChain]);
    expect(rpcUrlFor(config, localChain)).toBe('http://127.0.0.1:8545');
    expect(explorerUrl(localChain, 'tx', '0xabc')).toBeNull();
  });

  it('adds `chains` to the known chains and lets supportedChains name chains by id', () => {
    const config = resolveChainConfig({ chains: [localChain], supportedChains: [31337, 137] });
    expect(config.supportedChains.map((c) => c.id)).toEqual([31337, 137]);
    expect(resolveChainConfig({ chains: [localChain] }).supportedChains.map((c) => c.id)).toContain(31337);
  });

  it("takes viem's chain objects as they are", () => {
    const config = resolveChainConfig({ supportedChains: [viemBase, viemMainnet] as Chain[] });
    expect(config.defaultChain.id).toBe(8453);
    expect(rpcUrlFor(config, 1)).toBe(viemMainnet.rpcUrls.default.http[0]);
    expect(explorerUrl(config.defaultChain, 'address', '0x1')).toBe('https://basescan.org/address/0x1');
  });

  it('supports a host-defined default chain as the host wrote it', () => {
    const mine = { ...byId(1), rpcUrls: { default: { http: ['https://mine.example'] } } };
    const config = resolveChainConfig({ defaultChain: mine });
    expect(config.defaultChain).toBe(mine);
    expect(config.supportedChains.filter((c) => c.id === 1)).toEqual([mine]);
    expect(rpcUrlFor(config, 1)).toBe('https://mine.example');
    expect(resolveChainConfig({ defaultChain: localChain }).supportedChains).toContain(localChain);
  });

  it("refuses an empty supportedChains or one without the default chain with §5's text", () => {
    for (const config of [
      { supportedChains: [] },
      { supportedChains: [byId(1)], defaultChain: byId(8453) },
      { supportedChains: [localChain], defaultChain: 1 },
    ]) {
      const error = thrown(() => resolveChainConfig(config)) as GatehouseError;
      expect(error).toBeInstanceOf(GatehouseError);
      expect(error.code).toBe('invalid_config');
      expect(error.message).toBe('supportedChains must not be empty and must contain the default chain');
    }
  });

  it('refuses malformed chains and RPC URLs, naming the field', () => {
    expect(() => resolveChainConfig({ supportedChains: [{ ...localChain, id: -1 }] })).toThrow(
      'Invalid Gatehouse configuration: supportedChains[0]',
    );
    expect(() =>
      resolveChainConfig({
        supportedChains: [{ ...localChain, rpcUrls: { default: { http: ['ftp://x'] } } }],
      }),
    ).toThrow('supportedChains[0]');
    expect(() => resolveChainConfig({ supportedChains: [424242] })).toThrow('supportedChains[0] = 424242');
    expect(() => resolveChainConfig({ rpcConfig: { rpcUrls: { 1: 'javascript:alert(1)' } } })).toThrow(
      'rpcConfig.rpcUrls.1',
    );
  });

  it('uses rpcConfig.rpcUrls before the chain’s own RPC URL', () => {
    const config = resolveChainConfig({ rpcConfig: { rpcUrls: { 1: 'https://eth.example/rpc' } } });
    expect(rpcUrlFor(config, 1)).toBe('https://eth.example/rpc');
    expect(rpcUrlFor(config, byId(137))).toBe(byId(137).rpcUrls.default.http[0]);
    const bare = { ...localChain, rpcUrls: { default: { http: [] } } };
    const noUrl = resolveChainConfig({ supportedChains: [bare] });
    expect(() => rpcUrlFor(noUrl, bare)).toThrow('No RPC url found');
  });

  it('refuses an unsupported chain with 4902 and the §5 text', () => {
    const config = resolveChainConfig({ supportedChains: [localChain] });
    const error = thrown(() => requireSupportedChain(config, '0x1')) as ProviderRpcError;
    expect(error).toBeInstanceOf(ProviderRpcError);
    expect(error.code).toBe(4902);
    expect(error.message).toBe(
      'Chain ID 1 is not supported. It must be added to the config.supportedChains property of the provider.',
    );
    expect(requireSupportedChain(config, 31337)).toBe(localChain);
  });

  it('picks the transaction chain: its own when supported, else the default chain when it has none (§9)', () => {
    const config = resolveChainConfig({ supportedChains: [byId(8453), byId(10)] });
    expect(chainForTransaction(config).id).toBe(8453);
    expect(chainForTransaction(config, 10).id).toBe(10);
    expect(() => chainForTransaction(config, 1)).toThrow('Chain ID 1 is not supported');
  });

  it('reconnects on the remembered chain if still supported, else the default chain (§4.5)', () => {
    const config = resolveChainConfig({ supportedChains: [byId(8453), byId(10)] });
    expect(chainForConnection(config, 10).id).toBe(10);
    expect(chainForConnection(config, 1).id).toBe(8453);
    expect(chainForConnection(config, null).id).toBe(8453);
  });

  it('reads chain ids as numbers, bigints, hex or decimal strings; anything else is invalid params', () => {
    expect(parseChainId(1)).toBe(1);
    expect(parseChainId(137n)).toBe(137);
    expect(parseChainId('0x7a69')).toBe(31337);
    expect(parseChainId('8453')).toBe(8453);
    for (const bad of ['eth', 0, -1, 1.5, null, {}, '0x']) {
      const error = thrown(() => parseChainId(bad)) as ProviderRpcError;
      expect(error.code).toBe(-32602);
      expect(error.message).toBe('chainId must be a number');
    }
    expect(chainIdToHex(31337)).toBe('0x7a69');
  });

  it('links an address and a transaction to the chain’s block explorer', () => {
    expect(explorerUrl(byId(1), 'address', '0xabc')).toBe('https://etherscan.io/address/0xabc');
    expect(explorerUrl(byId(8453), 'tx', '0xdef')).toBe('https://basescan.org/tx/0xdef');
    const trailing = { ...localChain, blockExplorers: { default: { name: 'X', url: 'https://x.example/' } } };
    expect(explorerUrl(trailing, 'tx', '0x1')).toBe('https://x.example/tx/0x1');
  });

  it('describes a chain for wallet_addEthereumChain (EIP-3085)', () => {
    const config = resolveChainConfig({ rpcConfig: { rpcUrls: { 8453: 'https://base.example' } } });
    expect(addEthereumChainParameter(config, byId(8453))).toEqual({
      chainId: '0x2105',
      chainName: 'Base',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['https://base.example'],
      blockExplorerUrls: ['https://basescan.org'],
    });
  });
});
