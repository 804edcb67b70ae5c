/**
 * The chain table of §3 and the chain-id groups of the gas rules of §9. Data only.
 *
 * A chain has the shape hosts know from wagmi and viem: `rpcUrls.default.http` holds the public RPC
 * URLs (a host's `rpcConfig` overrides them), `blockExplorers.default.url` the explorer the review
 * screen links to. All native currencies have 18 decimals (§9).
 */

export interface NativeCurrency {
  name: string;
  symbol: string;
  decimals: number;
}

export interface ChainRpcUrls {
  http: readonly string[];
  webSocket?: readonly string[];
}

export interface ChainBlockExplorer {
  name: string;
  url: string;
}

export interface Chain {
  id: number;
  name: string;
  /** A short slug of the network ('homestead', 'base-sepolia', ...); optional on a host's custom chain. */
  network?: string;
  nativeCurrency: NativeCurrency;
  rpcUrls: { default: ChainRpcUrls; [name: string]: ChainRpcUrls };
  blockExplorers?: { default: ChainBlockExplorer; [name: string]: ChainBlockExplorer };
  testnet?: boolean;
}

/** Decimals of every native currency (§9). */
export const NATIVE_CURRENCY_DECIMALS = 18;
/** The symbol shown when a chain names none (§9). */
export const DEFAULT_NATIVE_SYMBOL = 'ETH';

const ether = (name = 'Ether'): NativeCurrency => ({
  name,
  symbol: 'ETH',
  decimals: NATIVE_CURRENCY_DECIMALS,
});

function chain(
  id: number,
  name: string,
  network: string,
  nativeCurrency: NativeCurrency,
  rpcUrl: string,
  explorer: ChainBlockExplorer,
  testnet: boolean,
): Chain {
  return {
    id,
    name,
    network,
    nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] }, public: { http: [rpcUrl] } },
    blockExplorers: { default: explorer },
    testnet,
  };
}

const etherscan = (url: string): ChainBlockExplorer => ({ name: 'Etherscan', url });

export const mainnet = chain(
  1,
  'Ethereum',
  'homestead',
  ether(),
  'https://ethereum-rpc.publicnode.com',
  etherscan('https://etherscan.io'),
  false,
);
export const sepolia = chain(
  11155111,
  'Sepolia',
  'sepolia',
  ether('Sepolia Ether'),
  'https://ethereum-sepolia-rpc.publicnode.com',
  etherscan('https://sepolia.etherscan.io'),
  true,
);
export const goerli = chain(
  5,
  'Goerli',
  'goerli',
  ether('Goerli Ether'),
  'https://5.rpc.thirdweb.com',
  etherscan('https://goerli.etherscan.io'),
  true,
);
export const holesky = chain(
  17000,
  'Holesky',
  'holesky',
  ether('Holesky Ether'),
  'https://ethereum-holesky-rpc.publicnode.com',
  etherscan('https://holesky.etherscan.io'),
  true,
);
export const arbitrum = chain(
  42161,
  'Arbitrum One',
  'arbitrum',
  ether(),
  'https://arb1.arbitrum.io/rpc',
  { name: 'Arbiscan', url: 'https://arbiscan.io' },
  false,
);
export const arbitrumGoerli = chain(
  421613,
  'Arbitrum Goerli',
  'arbitrum-goerli',
  ether('Arbitrum Goerli Ether'),
  'https://goerli-rollup.arbitrum.io/rpc',
  { name: 'Arbiscan', url: 'https://goerli.arbiscan.io' },
  true,
);
export const arbitrumSepolia = chain(
  421614,
  'Arbitrum Sepolia',
  'arbitrum-sepolia',
  ether('Arbitrum Sepolia Ether'),
  'https://sepolia-rollup.arbitrum.io/rpc',
  { name: 'Arbiscan', url: 'https://sepolia.arbiscan.io' },
  true,
);
export const base = chain(
  8453,
  'Base',
  'base',
  ether(),
  'https://mainnet.base.org',
  { name: 'Basescan', url: 'https://basescan.org' },
  false,
);
export const baseGoerli = chain(
  84531,
  'Base Goerli',
  'base-goerli',
  ether('Goerli Ether'),
  'https://goerli.base.org',
  { name: 'Basescan', url: 'https://goerli.basescan.org' },
  true,
);
export const baseSepolia = chain(
  84532,
  'Base Sepolia',
  'base-sepolia',
  ether('Sepolia Ether'),
  'https://sepolia.base.org',
  { name: 'Basescan', url: 'https://sepolia.basescan.org' },
  true,
);
export const optimism = chain(
  10,
  'OP Mainnet',
  'optimism',
  ether(),
  'https://mainnet.optimism.io',
  { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' },
  false,
);
export const optimismGoerli = chain(
  420,
  'Optimism Goerli',
  'optimism-goerli',
  ether('Goerli Ether'),
  'https://goerli.optimism.io',
  etherscan('https://goerli-optimism.etherscan.io'),
  true,
);
export const optimismSepolia = chain(
  11155420,
  'OP Sepolia',
  'optimism-sepolia',
  ether('Sepolia Ether'),
  'https://sepolia.optimism.io',
  { name: 'Blockscout', url: 'https://optimism-sepolia.blockscout.com' },
  true,
);
export const polygon = chain(
  137,
  'Polygon',
  'matic',
  { name: 'POL', symbol: 'POL', decimals: NATIVE_CURRENCY_DECIMALS },
  'https://polygon-rpc.com',
  { name: 'PolygonScan', url: 'https://polygonscan.com' },
  false,
);
export const polygonMumbai = chain(
  80001,
  'Polygon Mumbai',
  'maticmum',
  { name: 'MATIC', symbol: 'MATIC', decimals: NATIVE_CURRENCY_DECIMALS },
  'https://rpc-mumbai.maticvigil.com',
  { name: 'PolygonScan', url: 'https://mumbai.polygonscan.com' },
  true,
);
export const polygonAmoy = chain(
  80002,
  'Polygon Amoy',
  'polygon-amoy',
  { name: 'POL', symbol: 'POL', decimals: NATIVE_CURRENCY_DECIMALS },
  'https://rpc-amoy.polygon.technology',
  { name: 'PolygonScan', url: 'https://amoy.polygonscan.com' },
  true,
);
export const celo = chain(
  42220,
  'Celo',
  'celo',
  { name: 'CELO', symbol: 'CELO', decimals: NATIVE_CURRENCY_DECIMALS },
  'https://forno.celo.org',
  { name: 'Celo Explorer', url: 'https://celoscan.io' },
  false,
);
export const celoAlfajores = chain(
  44787,
  'Alfajores',
  'celo-alfajores',
  { name: 'CELO', symbol: 'A-CELO', decimals: NATIVE_CURRENCY_DECIMALS },
  'https://alfajores-forno.celo-testnet.org',
  { name: 'Celo Alfajores Explorer', url: 'https://celo-alfajores.blockscout.com' },
  true,
);
export const filecoin = chain(
  314,
  'Filecoin Mainnet',
  'filecoin-mainnet',
  { name: 'filecoin', symbol: 'FIL', decimals: NATIVE_CURRENCY_DECIMALS },
  'https://api.node.glif.io/rpc/v1',
  { name: 'Filfox', url: 'https://filfox.info/en' },
  false,
);
export const filecoinCalibration = chain(
  314159,
  'Filecoin Calibration',
  'filecoin-calibration',
  { name: 'testnet filecoin', symbol: 'tFIL', decimals: NATIVE_CURRENCY_DECIMALS },
  'https://api.calibration.node.glif.io/rpc/v1',
  { name: 'Filscan', url: 'https://calibration.filscan.io' },
  true,
);
export const linea = chain(
  59144,
  'Linea Mainnet',
  'linea-mainnet',
  ether('Linea Ether'),
  'https://rpc.linea.build',
  etherscan('https://lineascan.build'),
  false,
);
export const lineaGoerli = chain(
  59140,
  'Linea Goerli Testnet',
  'linea-testnet',
  ether('Linea Ether'),
  'https://rpc.goerli.linea.build',
  etherscan('https://goerli.lineascan.build'),
  true,
);
export const avalanche = chain(
  43114,
  'Avalanche',
  'avalanche',
  { name: 'Avalanche', symbol: 'AVAX', decimals: NATIVE_CURRENCY_DECIMALS },
  'https://api.avax.network/ext/bc/C/rpc',
  { name: 'SnowTrace', url: 'https://snowtrace.io' },
  false,
);
export const avalancheFuji = chain(
  43113,
  'Avalanche Fuji',
  'avalanche-fuji',
  { name: 'Avalanche Fuji', symbol: 'AVAX', decimals: NATIVE_CURRENCY_DECIMALS },
  'https://api.avax-test.network/ext/bc/C/rpc',
  { name: 'SnowTrace', url: 'https://testnet.snowtrace.io' },
  true,
);
export const zora = chain(
  7777777,
  'Zora',
  'zora',
  ether(),
  'https://rpc.zora.energy',
  { name: 'Explorer', url: 'https://explorer.zora.energy' },
  false,
);
export const zoraGoerli = chain(
  999,
  'Zora Goerli Testnet',
  'zora-testnet',
  ether('Zora Goerli'),
  'https://testnet.rpc.zora.energy',
  { name: 'Explorer', url: 'https://testnet.explorer.zora.energy' },
  true,
);
export const zoraSepolia = chain(
  999999999,
  'Zora Sepolia',
  'zora-sepolia',
  ether('Zora Sepolia'),
  'https://sepolia.rpc.zora.energy',
  { name: 'Zora Sepolia Explorer', url: 'https://sepolia.explorer.zora.energy' },
  true,
);
export const redstoneHolesky = chain(
  17001,
  'Redstone Holesky',
  'redstone-holesky',
  ether('Holesky Ether'),
  'https://rpc.holesky.redstone.xyz',
  { name: 'Blockscout', url: 'https://explorer.holesky.redstone.xyz' },
  true,
);
export const bsc = chain(
  56,
  'BNB Smart Chain',
  'bsc',
  { name: 'BNB', symbol: 'BNB', decimals: NATIVE_CURRENCY_DECIMALS },
  'https://bsc-dataseed.bnbchain.org',
  { name: 'BscScan', url: 'https://bscscan.com' },
  false,
);
export const bscTestnet = chain(
  97,
  'BNB Smart Chain Testnet',
  'bsc-testnet',
  { name: 'BNB', symbol: 'tBNB', decimals: NATIVE_CURRENCY_DECIMALS },
  'https://data-seed-prebsc-1-s1.bnbchain.org:8545',
  { name: 'BscScan', url: 'https://testnet.bscscan.com' },
  true,
);

/** Every chain the wallet knows without a host's help (§3), in the spec's order; BSC for its gas rule (§9). */
export const CHAINS: readonly Chain[] = [
  mainnet,
  sepolia,
  goerli,
  holesky,
  arbitrum,
  arbitrumGoerli,
  arbitrumSepolia,
  base,
  baseGoerli,
  baseSepolia,
  optimism,
  optimismGoerli,
  optimismSepolia,
  polygon,
  polygonMumbai,
  polygonAmoy,
  celo,
  celoAlfajores,
  filecoin,
  filecoinCalibration,
  linea,
  lineaGoerli,
  avalanche,
  avalancheFuji,
  zora,
  zoraGoerli,
  zoraSepolia,
  redstoneHolesky,
  bsc,
  bscTestnet,
];

/** The chain used when a host sets no supported chains, and for a transaction without a chain (§9). */
export const DEFAULT_CHAIN_ID = mainnet.id;

/** Gas rules (§9): BSC sends type-0 transactions with a gas price. */
export const BSC_CHAIN_IDS: readonly number[] = [bsc.id, bscTestnet.id];
/** The nine OP-stack chains: OP, Base and Zora, each mainnet, Goerli and Sepolia. */
export const OP_STACK_CHAIN_IDS: readonly number[] = [
  optimism.id,
  optimismGoerli.id,
  optimismSepolia.id,
  base.id,
  baseGoerli.id,
  baseSepolia.id,
  zora.id,
  zoraGoerli.id,
  zoraSepolia.id,
];
/** The three Arbitrum chains. */
export const ARBITRUM_CHAIN_IDS: readonly number[] = [arbitrum.id, arbitrumGoerli.id, arbitrumSepolia.id];
/** Polygon mainnet, its testnet (Mumbai) and Amoy: fees from the gas station. */
export const POLYGON_CHAIN_IDS: readonly number[] = [polygon.id, polygonMumbai.id, polygonAmoy.id];

/** Transaction type when none is given (§3, §9); BSC uses the legacy type. */
export const DEFAULT_TRANSACTION_TYPE = 2;
export const LEGACY_TRANSACTION_TYPE = 0;

/** OP-stack max fee = last base fee × 126 % + priority fee (§9). */
export const OP_STACK_BASE_FEE_PERCENT = 126n;
/** Arbitrum max fee = base fee × 120 %, priority fee 0 (§9). */
export const ARBITRUM_BASE_FEE_PERCENT = 120n;
/** Elsewhere (type 2) the max fee is the base fee × 200 % + priority fee, as ethers' fee data computes it. */
export const DEFAULT_BASE_FEE_PERCENT = 200n;
/** The priority fee when a node has no eth_maxPriorityFeePerGas (1 gwei, as ethers). */
export const FALLBACK_PRIORITY_FEE_WEI = 1_000_000_000n;

/** The OP-stack GasPriceOracle predeploy and the selector of its `getL1Fee(bytes)` (§7). */
export const OP_GAS_PRICE_ORACLE_ADDRESS = '0x420000000000000000000000000000000000000F';
export const OP_GET_L1_FEE_SELECTOR = '0x49948e0e';

/** Polygon gas stations (§7): GET answers safeLow, standard and fast, each with maxPriorityFee and maxFee in gwei. */
export const POLYGON_GAS_STATION_URLS: Readonly<Record<number, string>> = {
  [polygon.id]: 'https://gasstation.polygon.technology/v2',
  [polygonMumbai.id]: 'https://gasstation-testnet.polygon.technology/v2',
  [polygonAmoy.id]: 'https://gasstation.polygon.technology/amoy',
};
/** The tier of the gas station's answer the wallet uses (§9). */
export const POLYGON_GAS_STATION_TIER = 'standard';
