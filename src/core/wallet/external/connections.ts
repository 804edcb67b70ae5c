/**
 * The connected external wallets (§3, §4.5, §6): connecting (with chain enforcement), the
 * wallets' account and chain events, `$wallets` and the `wallet:connected` / `wallet:disconnected`
 * events, and the connection history.
 */

import { EVENTS } from '../../../protocol/events.js';
import {
  type ConnectedWallet,
  type ExternalEthereumProvider,
  INJECTED_CONNECTOR,
  METAMASK_CONNECT_DELAY_MS,
  METAMASK_RDNS,
} from '../../../protocol/external-wallet.js';
import { PROVIDER_ERROR_CODES } from '../../../protocol/wallet-constants.js';
import * as CODES from '../../errors/codes.js';
import { GatehouseError } from '../../errors/gatehouse-error.js';
import { WALLET_MESSAGES } from '../../errors/wallet-messages.js';
import { emit } from '../../events.js';
import { externalWalletSettings } from '../../settings/external-wallets.js';
import { EXTERNAL_WALLET_TEXT } from '../../text/external-wallet.js';
import {
  addEthereumChainParameter,
  chainIdToHex,
  isSupportedChain,
  parseChainId,
  requireSupportedChain,
} from '../chains.js';
import type { WalletConnector } from './connectors.js';
import { connectorError, providerCode } from './errors.js';
import { forget, remember } from './history.js';
import { type Connection, type ExternalWallets, type Listener, lower } from './state.js';

/** A wallet's account in EIP-55 form (checksum.ts); null for what is not an address. */
const checksummed = (address: string): Promise<string | null> =>
  import('./checksum.js').then(({ checksum }) => {
    try {
      return checksum(address);
    } catch {
      return null;
    }
  });

function publish(w: ExternalWallets): void {
  w.ctx.stores.$wallets.set([...w.connections.values()].map((c) => toConnectedWallet(w, c)));
}

function setChain(w: ExternalWallets, provider: ExternalEthereumProvider, chainId: number): void {
  for (const [key, connection] of w.connections) {
    if (connection.provider === provider) w.connections.set(key, { ...connection, chainId });
  }
  publish(w);
}

/** wallet_switchEthereumChain; a wallet that does not know the chain (4902) adds it, then switches (§4.5). */
async function switchProviderChain(
  w: ExternalWallets,
  connection: Connection,
  chainId: number,
): Promise<void> {
  const config = w.chainConfig();
  const chain = requireSupportedChain(config, chainId);
  const params = [{ chainId: chainIdToHex(chain.id) }];
  try {
    await w.request(connection, 'wallet_switchEthereumChain', params);
  } catch (error) {
    if (providerCode(error) !== PROVIDER_ERROR_CODES.unrecognizedChain) throw error;
    await w.request(connection, 'wallet_addEthereumChain', [addEthereumChainParameter(config, chain)]);
    await w.request(connection, 'wallet_switchEthereumChain', params);
  }
  connection.chainId = chain.id;
  setChain(w, connection.provider, chain.id);
}

function toConnectedWallet(w: ExternalWallets, connection: Connection): ConnectedWallet {
  const { address, provider, info } = connection;
  return {
    address,
    chainId: connection.chainId,
    connectedAt: connection.connectedAt,
    walletClientType: connection.walletClientType,
    connectorType: connection.connectorType,
    branding: { name: info.name, icon: info.icon, id: info.rdns || info.uuid },
    getEthereumProvider: () => Promise.resolve(provider),
    switchChain: async (chainId: number) => {
      const current = w.connections.get(lower(address));
      if (!current) throw connectorError(CODES.walletNotConnected, EXTERNAL_WALLET_TEXT.notConnected);
      await switchProviderChain(w, current, chainId);
    },
    loginOrLink: () => w.loginOrLink(address),
    disconnect: () => disconnect(w, address),
  };
}

function remove(w: ExternalWallets, connection: Connection): void {
  if (!w.connections.delete(lower(connection.address))) return;
  forget(w.ctx.storage, connection.address);
  if (![...w.connections.values()].some((c) => c.provider === connection.provider)) {
    const listeners = w.listeners.get(connection.provider);
    if (listeners) {
      connection.provider.removeListener?.('accountsChanged', listeners.accounts);
      connection.provider.removeListener?.('chainChanged', listeners.chain);
      w.listeners.delete(connection.provider);
    }
    // A WalletConnect session or a Coinbase link ends with the last of its wallets.
    if (connection.connectorType !== INJECTED_CONNECTOR) {
      const { disconnect: end } = connection.provider as { disconnect?: () => Promise<void> };
      end?.call(connection.provider).catch(() => undefined);
    }
  }
  publish(w);
  emit(w.ctx.events, EVENTS.walletDisconnected, toConnectedWallet(w, connection));
}

/** accountsChanged (none: every wallet of the provider disconnects, §4.5) and chainChanged. */
function watch(w: ExternalWallets, provider: ExternalEthereumProvider): void {
  if (w.listeners.has(provider) || !provider.on) return;
  const accounts: Listener = (value) => {
    const list = Array.isArray(value) ? value.filter((a): a is string => typeof a === 'string') : [];
    const mine = [...w.connections.values()].filter((c) => c.provider === provider);
    if (list.length === 0) {
      for (const connection of mine) remove(w, connection);
      return;
    }
    const [first] = list;
    const current = mine[0];
    if (!first || !current || lower(current.address) === lower(first)) return;
    void checksummed(first).then(
      (address) => {
        // The connection as it is once the checksum is known (a chain change may have replaced it).
        const still = w.connections.get(lower(current.address));
        if (!address || !still || lower(address) === lower(still.address)) return;
        remove(w, still);
        add(w, { ...still, address, connectedAt: w.now() });
      },
      () => {},
    );
  };
  const chain: Listener = (value) => {
    try {
      setChain(w, provider, parseChainId(value));
    } catch {
      // A chain id the wallet wrote in no form we read: the wallet keeps its last known chain.
    }
  };
  provider.on('accountsChanged', accounts);
  provider.on('chainChanged', chain);
  w.listeners.set(provider, { accounts, chain });
}

function add(w: ExternalWallets, connection: Connection): void {
  const known = w.connections.has(lower(connection.address));
  w.connections.set(lower(connection.address), connection);
  watch(w, connection.provider);
  remember(w.ctx.storage, connection);
  publish(w);
  if (!known) emit(w.ctx.events, EVENTS.walletConnected, toConnectedWallet(w, connection));
}

/** `wallet.disconnect()`: the wallet leaves `$wallets` and the connection history. */
export function disconnect(w: ExternalWallets, address: string): void {
  const connection = w.connections.get(lower(address));
  if (connection) remove(w, connection);
}

/**
 * The chain a wallet is on (§8): 'Unable to determine current chainId.' when it does not say,
 * 'Unsupported chainId' when what it says is no chain id.
 */
async function currentChainId(w: ExternalWallets, wallet: WalletConnector): Promise<number> {
  const value = await w.request(wallet, 'eth_chainId').catch((error: unknown) => {
    if (error instanceof GatehouseError) throw error;
  });
  try {
    return parseChainId(value ?? Number.NaN);
  } catch {
    const text =
      value == null ? EXTERNAL_WALLET_TEXT.unableToDetermineChain : WALLET_MESSAGES.unsupportedChainId;
    throw connectorError(CODES.genericConnectWalletError, text);
  }
}

/**
 * Connects a detected wallet: eth_requestAccounts (interactive) or eth_accounts (a reconnect,
 * no prompt). Interactive, an unsupported chain with shouldEnforceDefaultChainOnConnect switches
 * to the default chain. Null when a silent reconnect finds no account.
 */
export async function connect(
  w: ExternalWallets,
  wallet: WalletConnector,
  interactive: boolean,
): Promise<Connection | null> {
  if (interactive && wallet.connectorType === INJECTED_CONNECTOR && wallet.info.rdns === METAMASK_RDNS) {
    await w.sleep(METAMASK_CONNECT_DELAY_MS);
  }
  const accounts = await w.request(wallet, interactive ? 'eth_requestAccounts' : 'eth_accounts');
  const account = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;
  const address = account && (await checksummed(account));
  if (!address) {
    if (!interactive) return null;
    throw connectorError(CODES.genericConnectWalletError, EXTERNAL_WALLET_TEXT.unableToRetrieveAccounts);
  }
  const chainId = await currentChainId(w, wallet);
  const connection: Connection = { ...wallet, address, chainId, connectedAt: w.now() };
  const config = w.chainConfig();
  const enforce = interactive && externalWalletSettings(w.ctx).enforceDefaultChain;
  if (enforce && !isSupportedChain(config, chainId)) {
    w.updateFlow({ status: 'switching_to_supported_chain' });
    await switchProviderChain(w, connection, config.defaultChain.id);
  }
  add(w, connection);
  return connection;
}
