/** At load (§3): each remembered wallet is connected again without a prompt (eth_accounts). */
import { WALLET_CONNECT_CONNECTOR, type WalletConnectionRecord } from '../../../protocol/external-wallet.js';
import { connect } from './connections.js';
import type { WalletConnector } from './connectors.js';
import { forget, history } from './history.js';
import { type ExternalWallets, lower } from './state.js';

/** Whether `wallet` holds `address` (eth_accounts, no prompt); undefined when it does not answer. */
async function holds(
  w: ExternalWallets,
  wallet: WalletConnector,
  address: string,
): Promise<boolean | undefined> {
  try {
    const accounts = await w.request(wallet, 'eth_accounts');
    return (
      Array.isArray(accounts) && accounts.some((a) => typeof a === 'string' && lower(a) === lower(address))
    );
  } catch {
    return undefined;
  }
}

/**
 * The remembered wallet among the candidates of its kind: the one that holds its address, among
 * the wallets announced so far, then among those announced by the end of the discovery wait.
 * Forgotten only when every candidate answered without it (the user disconnected it there).
 */
async function reconnectRecord(w: ExternalWallets, record: WalletConnectionRecord): Promise<void> {
  const tried = new Set<unknown>();
  let silent = false;
  for (const settled of [false, true]) {
    let wallets: WalletConnector[];
    try {
      wallets = await w.connectors.forRecord(record, w.detect(), settled);
    } catch {
      return;
    }
    for (const wallet of wallets.filter((candidate) => !tried.has(candidate.provider))) {
      tried.add(wallet.provider);
      const has = await holds(w, wallet, record.address);
      if (has) {
        await connect(w, wallet, false).catch(() => undefined);
        return;
      }
      if (has === undefined) silent = true;
    }
  }
  if (!silent && tried.size > 0) forget(w.ctx.storage, record.address);
}

/**
 * A WalletConnect session remembered while the page has not given its project id yet (init() often
 * comes after the widget's start): it reconnects once the id is there.
 */
function reconnectWithProjectId(w: ExternalWallets, record: WalletConnectionRecord): void {
  const stop = w.ctx.$hostConfig.listen(() => {
    if (!w.connectors.walletConnectProjectId()) return;
    stop();
    void reconnectRecord(w, record);
  });
}

export async function reconnect(w: ExternalWallets): Promise<void> {
  for (const record of history(w.ctx.storage)) {
    if (record.connectorType === WALLET_CONNECT_CONNECTOR && !w.connectors.walletConnectProjectId()) {
      reconnectWithProjectId(w, record);
      continue;
    }
    await reconnectRecord(w, record);
  }
}
