/**
 * The mobile wallets the widget offers for WalletConnect on a phone: one record per wallet, most
 * popular first. The deep-link prefixes are the ones each wallet publishes in the WalletConnect
 * explorer (the `mobile.native` / `mobile.universal` fields of its listing), written here as
 * published; `deep-links.ts` in src/core turns them into `…/wc?uri=` links. The few exceptions are
 * noted on their record.
 *
 * To add a wallet: take its `mobile` links from its WalletConnect explorer listing (leave the wallet
 * out if it lists none, or only a download page), give it a stable lower-case `id`, its `name` as the
 * wallet writes it, its EIP-6963 `rdns` if it ships an extension or in-app provider, its brand
 * `color` ('#rrggbb'), and a `monogram` only when the initials of the name read badly. Native links
 * are a scheme with '://' (optionally followed by the wallet's own path); universal links are https
 * URLs without a query. The unit test of the registry checks all of this.
 */

export interface RegistryWallet {
  /** Stable slug, e.g. 'metamask', 'trust', 'rainbow'. */
  id: string;
  /** As the wallet writes it: 'MetaMask', 'Trust Wallet'. */
  name: string;
  /** EIP-6963 rdns where the wallet has a browser extension or in-app provider ('io.metamask'). */
  rdns?: string;
  /** The wallet's walletClientType where it is one of the §3 wallet list values. */
  walletClientType?: string;
  /** Native scheme like 'rainbow://', universal link like 'https://rnbwapp.com': at least one of the two. */
  mobile: { native?: string; universal?: string };
  /** Brand background colour '#rrggbb' for the monogram. */
  color: string;
  /** 1–2 letters when the default (initials of the name) reads badly. */
  monogram?: string;
}

export const WALLET_REGISTRY: readonly RegistryWallet[] = [
  {
    id: 'metamask',
    name: 'MetaMask',
    rdns: 'io.metamask',
    walletClientType: 'metamask',
    mobile: { native: 'metamask://', universal: 'https://metamask.app.link' },
    color: '#f6851b',
  },
  {
    id: 'trust',
    name: 'Trust Wallet',
    rdns: 'com.trustwallet.app',
    mobile: { native: 'trust://', universal: 'https://link.trustwallet.com' },
    color: '#0500ff',
  },
  {
    // The explorer lists no links (the wallet is usually reached through its own SDK); these are
    // the app's own scheme and the link domain Coinbase's SDK opens the app with.
    id: 'coinbase',
    name: 'Coinbase Wallet',
    rdns: 'com.coinbase.wallet',
    walletClientType: 'coinbase_wallet',
    mobile: { native: 'cbwallet://', universal: 'https://go.cb-w.com' },
    color: '#0052ff',
  },
  {
    // The explorer's universal link is a download page, so only the native one is kept.
    id: 'okx',
    name: 'OKX Wallet',
    rdns: 'com.okex.wallet',
    walletClientType: 'okx_wallet',
    mobile: { native: 'okex://main' },
    color: '#000000',
  },
  {
    id: 'rainbow',
    name: 'Rainbow',
    rdns: 'me.rainbow',
    walletClientType: 'rainbow',
    mobile: { native: 'rainbow://', universal: 'https://rnbwapp.com' },
    color: '#001e59',
  },
  {
    id: 'uniswap',
    name: 'Uniswap Wallet',
    rdns: 'org.uniswap.app',
    walletClientType: 'uniswap',
    mobile: { native: 'uniswap://', universal: 'https://uniswap.org/app' },
    color: '#ff007a',
  },
  {
    // The explorer lists no mobile links; these are Phantom's own scheme and universal-link base,
    // as other login widgets substitute them for the empty listing.
    id: 'phantom',
    name: 'Phantom',
    rdns: 'app.phantom',
    walletClientType: 'phantom',
    mobile: { native: 'phantom://', universal: 'https://phantom.app/ul' },
    color: '#ab9ff2',
  },
  {
    id: 'zerion',
    name: 'Zerion',
    rdns: 'io.zerion.wallet',
    walletClientType: 'zerion',
    mobile: { native: 'zerion://', universal: 'https://wallet.zerion.io' },
    color: '#2962ef',
  },
  {
    id: 'binance',
    name: 'Binance Wallet',
    mobile: { native: 'bnc://app.binance.com/cedefi/', universal: 'https://app.binance.com/cedefi' },
    color: '#f0b90b',
  },
  {
    id: 'bitget',
    name: 'Bitget Wallet',
    rdns: 'com.bitget.web3',
    mobile: { native: 'bitkeep://', universal: 'https://bkapp.vip' },
    color: '#00f0ff',
    monogram: 'BG',
  },
  {
    id: 'cryptocom',
    name: 'Crypto.com DeFi Wallet',
    rdns: 'com.crypto.wallet',
    walletClientType: 'cryptocom',
    mobile: { native: 'dfw://', universal: 'https://wallet.crypto.com' },
    color: '#03316c',
  },
  {
    id: 'ledger',
    name: 'Ledger Live',
    mobile: { native: 'ledgerlive://' },
    color: '#000000',
  },
  {
    id: 'safe',
    name: 'Safe',
    mobile: { native: 'safe://', universal: 'https://app.safe.global/' },
    color: '#12ff80',
  },
  {
    id: 'argent',
    name: 'Argent',
    mobile: { native: 'argent://app/', universal: 'https://www.argent.xyz/app' },
    color: '#ff875b',
  },
  {
    id: 'imtoken',
    name: 'imToken',
    mobile: { native: 'imtokenv2://' },
    color: '#037ab6',
    monogram: 'iT',
  },
  {
    id: 'tokenpocket',
    name: 'TokenPocket',
    rdns: 'pro.tokenpocket',
    mobile: { native: 'tpoutside://' },
    color: '#2980fe',
    monogram: 'TP',
  },
  {
    id: 'exodus',
    name: 'Exodus',
    mobile: { native: 'exodus://', universal: 'https://exodus.com/m' },
    color: '#1f2033',
  },
  {
    id: 'oneinch',
    name: '1inch Wallet',
    mobile: { native: 'oneinch://', universal: 'https://wallet.1inch.io/' },
    color: '#0d1526',
    monogram: '1i',
  },
  {
    id: 'safepal',
    name: 'SafePal',
    mobile: { native: 'safepalwallet://', universal: 'https://link.safepal.io' },
    color: '#4a21ef',
    monogram: 'SP',
  },
  {
    id: 'zengo',
    name: 'Zengo Wallet',
    mobile: { native: 'zengo://get.zengo.com/', universal: 'https://get.zengo.com/' },
    color: '#1b1b4b',
  },
  {
    id: 'robinhood',
    name: 'Robinhood Wallet',
    rdns: 'com.robinhood.wallet',
    mobile: { native: 'robinhood-wallet://' },
    color: '#ccff00',
  },
  {
    id: 'kraken',
    name: 'Kraken Wallet',
    mobile: { native: 'krakenwallet://' },
    color: '#7132f5',
  },
  {
    id: 'blockchain',
    name: 'Blockchain.com',
    mobile: { native: 'blockchain-wallet://', universal: 'https://www.blockchain.com' },
    color: '#0c6cf2',
  },
  {
    id: 'bitcoincom',
    name: 'Bitcoin.com Wallet',
    mobile: { native: 'bitcoincom://', universal: 'https://wallet.bitcoin.com/' },
    color: '#0ac18e',
  },
  {
    id: 'best',
    name: 'Best Wallet',
    mobile: { native: 'bw://app/connect', universal: 'https://best-wallet-prod.web.app/connect' },
    color: '#5961ff',
    monogram: 'BW',
  },
  {
    id: 'coin98',
    name: 'Coin98',
    rdns: 'com.coin98',
    mobile: { native: 'coin98://', universal: 'https://coin98.com/' },
    color: '#d9b432',
  },
  {
    id: 'onekey',
    name: 'OneKey',
    rdns: 'so.onekey.app.wallet',
    mobile: { native: 'onekey-wallet://', universal: 'https://app.onekey.so/wc/connect' },
    color: '#44d62c',
    monogram: 'OK',
  },
  {
    id: 'core',
    name: 'Core',
    mobile: { native: 'core://', universal: 'https://core.app' },
    color: '#000000',
  },
  {
    id: 'omni',
    name: 'Omni',
    mobile: { native: 'omni://', universal: 'https://links.omni.app' },
    color: '#000000',
  },
  {
    id: 'ambire',
    name: 'Ambire Wallet',
    mobile: { native: 'ambire://', universal: 'https://mobile.ambire.com' },
    color: '#6000ff',
  },
  {
    id: 'mew',
    name: 'MEW wallet',
    mobile: { native: 'mewwallet://', universal: 'https://mewwallet.com' },
    color: '#05c0a5',
  },
  {
    id: 'alphawallet',
    name: 'AlphaWallet',
    mobile: { native: 'awallet://', universal: 'https://aw.app' },
    color: '#1c6ef6',
    monogram: 'AW',
  },
  {
    id: 'mathwallet',
    name: 'MathWallet',
    mobile: { native: 'mathwallet://', universal: 'https://www.mathwallet.org' },
    color: '#000000',
    monogram: 'MW',
  },
  {
    id: 'unstoppable',
    name: 'Unstoppable Wallet',
    mobile: { native: 'unstoppable.money://' },
    color: '#ffb700',
  },
  {
    id: 'unstoppabledomains',
    name: 'Unstoppable Domains',
    mobile: { native: 'unstoppabledomains://', universal: 'https://unstoppabledomains.com/mobile' },
    color: '#0d67fe',
  },
  {
    id: 'atomic',
    name: 'Atomic Wallet',
    mobile: { native: 'atomicwallet://' },
    color: '#1f2843',
  },
  {
    id: 'bitpay',
    name: 'BitPay',
    mobile: { native: 'bitpay://', universal: 'https://link.bitpay.com' },
    color: '#1a3b8b',
  },
  {
    id: 'edge',
    name: 'Edge Wallet',
    mobile: { native: 'edge://', universal: 'https://deep.edge.app/wc' },
    color: '#0d2145',
  },
  {
    id: 'enjin',
    name: 'Enjin Wallet',
    mobile: { native: 'enjinwallet://', universal: 'https://deeplink.wallet.enjin.io/' },
    color: '#7866d5',
  },
  {
    id: 'pillar',
    name: 'Pillar',
    mobile: { native: 'pillarwallet://' },
    color: '#7f5bde',
  },
  {
    id: 'valora',
    name: 'Valora',
    mobile: { native: 'celo://wallet', universal: 'https://valoraapp.com' },
    color: '#35d07f',
  },
  {
    id: 'onto',
    name: 'ONTO',
    mobile: { native: 'ontoprovider://' },
    color: '#1b82f6',
  },
  {
    id: 'tangem',
    name: 'Tangem Wallet',
    mobile: { native: 'tangem://', universal: 'https://app.tangem.com' },
    color: '#000000',
  },
  {
    id: 'dcent',
    name: "D'CENT Wallet",
    mobile: { native: 'dcent://', universal: 'https://link.dcentwallet.com' },
    color: '#ff5a35',
  },
  {
    id: 'keyring',
    name: 'KEYRING PRO',
    mobile: { native: 'keyring://', universal: 'https://keyring.app/' },
    color: '#0c2d6b',
  },
  {
    id: 'krystal',
    name: 'Krystal',
    mobile: { native: 'krystalwallet://', universal: 'https://wallet.krystal.app/' },
    color: '#1de9b6',
  },
  {
    id: 'bitpie',
    name: 'Bitpie',
    mobile: { native: 'bitpiewc://' },
    color: '#2a6bf2',
  },
  {
    id: 'frontier',
    name: 'Frontier',
    rdns: 'xyz.frontier.wallet',
    mobile: { native: 'frontier://' },
    color: '#cc703c',
  },
  {
    id: 'subwallet',
    name: 'SubWallet',
    rdns: 'app.subwallet',
    mobile: { native: 'subwallet://', universal: 'https://mobile.subwallet.app/' },
    color: '#004bff',
    monogram: 'SW',
  },
  {
    id: 'atwallet',
    name: 'AT.Wallet',
    mobile: { native: 'atwallet://' },
    color: '#0a2342',
    monogram: 'AT',
  },
];
