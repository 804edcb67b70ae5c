/**
 * The wallet list (§2.3, §3): what each walletList value offers in this browser. A wallet whose
 * extension announced itself connects through it; otherwise Coinbase Wallet goes through its SDK,
 * Phantom through its install or in-app-browser screens, and the other wallets through
 * WalletConnect (QR on desktop, a deep link on mobile) when the site has a WalletConnect project id.
 */
import {
  COINBASE_RDNS,
  COINBASE_WALLET_CLIENT_TYPE,
  PHANTOM_RDNS,
  PHANTOM_WALLET_CLIENT_TYPE,
  UNKNOWN_WALLET_CLIENT_TYPE,
  WALLET_CLIENT_TYPES_BY_RDNS,
} from '../../../protocol/external-wallet.js';
import type { RegistryWallet } from '../../../protocol/wallet-registry.js';
import { EXTERNAL_WALLET_TEXT } from '../../text/external-wallet.js';
import { registryWallet, registryWalletByClientType } from './deep-links.js';
import type { DetectedWallet } from './discovery.js';

export type WalletChoice =
  /** A browser extension (EIP-6963 or `window.ethereum`). */
  | { kind: 'injected'; key: string; name: string; icon: string; detected: DetectedWallet }
  /** Coinbase Wallet through `@coinbase/wallet-sdk`. */
  | { kind: 'coinbase'; key: string; name: string; icon: string }
  /** WalletConnect: a wallet of the registry, or any wallet (`wallet: null`). */
  | { kind: 'wallet_connect'; key: string; name: string; icon: string; wallet: RegistryWallet | null }
  /** Phantom is not in this browser: its install screen (desktop) or its in-app browser (mobile). */
  | { kind: 'phantom_missing'; key: string; name: string; icon: string };

export function walletClientTypeOf(info: { rdns: string }): string {
  return WALLET_CLIENT_TYPES_BY_RDNS[info.rdns] ?? UNKNOWN_WALLET_CLIENT_TYPE;
}

/** The registry entry of a walletList value (metamask, rainbow, …) or of a registry id. */
export function registryWalletOf(value: string): RegistryWallet | undefined {
  return registryWalletByClientType(value) ?? registryWallet(value);
}

const injected = (detected: DetectedWallet): WalletChoice => ({
  kind: 'injected',
  key: detected.info.uuid,
  name: detected.info.name,
  icon: detected.info.icon,
  detected,
});

export interface ChoiceOptions {
  /** The site has a WalletConnect project id. */
  walletConnect: boolean;
}

/**
 * The entries of the wallet list for `values`, in their order, each wallet once: `detected_wallets`
 * is every extension not listed by a value of its own.
 */
export function walletChoices(
  detected: readonly DetectedWallet[],
  values: readonly string[],
  options: ChoiceOptions,
): WalletChoice[] {
  const choices: WalletChoice[] = [];
  const named = new Set(values);
  for (const value of values) {
    for (const choice of choicesFor(value, detected, named, options)) {
      if (!choices.some((c) => c.key === choice.key)) choices.push(choice);
    }
  }
  return choices;
}

/** The entries one walletList value stands for (none when it cannot be offered here). */
function choicesFor(
  value: string,
  detected: readonly DetectedWallet[],
  named: ReadonlySet<string>,
  options: ChoiceOptions,
): WalletChoice[] {
  if (value === 'detected_wallets') {
    return detected
      .filter((wallet) => {
        const type = walletClientTypeOf(wallet.info);
        return !named.has(type) || type === UNKNOWN_WALLET_CLIENT_TYPE;
      })
      .map(injected);
  }
  if (value === 'wallet_connect') {
    if (!options.walletConnect) return [];
    return [
      {
        kind: 'wallet_connect',
        key: value,
        name: EXTERNAL_WALLET_TEXT.walletConnect,
        icon: '',
        wallet: null,
      },
    ];
  }
  const extension = detected.find((w) => walletClientTypeOf(w.info) === value);
  if (extension) return [injected(extension)];
  const entry = registryWalletOf(value);
  if (value === COINBASE_WALLET_CLIENT_TYPE || entry?.rdns === COINBASE_RDNS) {
    return [{ kind: 'coinbase', key: value, name: entry?.name ?? value, icon: '' }];
  }
  if (value === PHANTOM_WALLET_CLIENT_TYPE || entry?.rdns === PHANTOM_RDNS) {
    return [{ kind: 'phantom_missing', key: value, name: entry?.name ?? value, icon: '' }];
  }
  if (entry && options.walletConnect) {
    return [{ kind: 'wallet_connect', key: value, name: entry.name, icon: '', wallet: entry }];
  }
  return [];
}
