/** At load (§3): each remembered wallet is connected again without a prompt (eth_accounts). */
import { WALLET_CONNECT_CONNECTOR, type WalletConnectionRecord } from '../../../protocol/external-wallet.js';
import { connect } from './connections.js';
import type { WalletConnector } from './connectors.js';
import { forget, history } from './history.js';
import { type ExternalWallets, lower } from './state.js';

async function reconnectRecord(w: ExternalWallets, record: WalletConnectionRecord): Promise<void> {
  let wallet: WalletConnector | undefined;
  try {
    wallet = await w.connectors.forRecord(record, w.detect());
  } catch {
    return;
  }
  if (!wallet) return;
  try {
    const accounts = await w.request(wallet, 'eth_accounts');
    const has =
      Array.isArray(accounts) &&
      accounts.some((a) => typeof a === 'string' && lower(a) === lower(record.address));
    if (has) await connect(w, wallet, false);
    else forget(w.ctx.storage, record.address);
  } catch {
    // The wallet did not answer: it stays remembered for the next load.
  }
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
