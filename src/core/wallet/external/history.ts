/** The connection history (§3): the wallets this browser connected, reconnected on the next load. */
import { STORAGE_KEYS } from '../../../protocol/constants.js';
import type { WalletConnectionRecord } from '../../../protocol/external-wallet.js';
import type { KeyValueStorage } from '../../storage.js';
import { type Connection, lower } from './state.js';

export function history(storage: KeyValueStorage): WalletConnectionRecord[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.walletConnections) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (r): r is WalletConnectionRecord =>
            !!r && typeof r.address === 'string' && typeof r.walletClientType === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

function save(storage: KeyValueStorage, records: WalletConnectionRecord[]): void {
  if (records.length === 0) storage.removeItem(STORAGE_KEYS.walletConnections);
  else storage.setItem(STORAGE_KEYS.walletConnections, JSON.stringify(records));
}

export function remember(storage: KeyValueStorage, connection: Connection): void {
  const record: WalletConnectionRecord = {
    address: connection.address,
    connectorType: connection.connectorType,
    walletClientType: connection.walletClientType,
    connectedAt: connection.connectedAt,
  };
  const others = history(storage).filter((r) => lower(r.address) !== lower(connection.address));
  save(storage, [record, ...others]);
}

export function forget(storage: KeyValueStorage, address: string): void {
  save(
    storage,
    history(storage).filter((r) => lower(r.address) !== lower(address)),
  );
}
