import { useEffect, useMemo, useState } from 'react';
import { EXTERNAL_WALLET_TEXT } from '../../../core/errors/external-wallet-text.js';
import type { DetectedWallet } from '../../../core/wallet/external/discovery.js';
import { type WalletFlowMode, walletClientTypeOf } from '../../../core/wallet/external/wallets.js';
import { WALLET_LIST_OVERFLOW_ABOVE, WALLET_LIST_SHOWN } from '../../../protocol/external-wallet.js';
import { useStore, useWidget } from '../../context.js';
import { useExternalWallets } from './use-external-wallets.js';

/** The extensions of the walletList values: 'detected_wallets' takes every one, a value its own. */
export function walletsOf(
  detected: readonly DetectedWallet[],
  values: readonly string[] | null,
): DetectedWallet[] {
  if (!values || values.includes('detected_wallets')) return [...detected];
  return detected.filter((w) => values.includes(walletClientTypeOf(w.info)));
}

/** §2.3: at most WALLET_LIST_SHOWN, plus an overflow entry, when there are more than WALLET_LIST_OVERFLOW_ABOVE. */
export function splitWalletList<T>(wallets: T[]): { shown: T[]; overflow: boolean } {
  return wallets.length > WALLET_LIST_OVERFLOW_ABOVE
    ? { shown: wallets.slice(0, WALLET_LIST_SHOWN), overflow: true }
    : { shown: wallets, overflow: false };
}

/**
 * The browser's wallets by name and icon (EIP-6963 info), as they announce themselves: discovery
 * never holds the modal. Choosing one goes to AWAITING_CONNECTION for `mode`.
 */
export function WalletList({
  mode,
  values = null,
}: {
  mode: WalletFlowMode;
  values?: readonly string[] | null;
}) {
  const { styles } = useWidget();
  const { wallets } = useExternalWallets();
  const discovery = useMemo(() => wallets.detect(), [wallets]);
  const detected = useStore(discovery.$detected);
  const [settled, setSettled] = useState(false);
  const [expanded, setExpanded] = useState(false);
  useEffect(() => {
    let live = true;
    void discovery.settled.then(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, [discovery]);

  const offered = walletsOf(detected, values);
  const { shown, overflow } = expanded ? { shown: offered, overflow: false } : splitWalletList(offered);
  if (offered.length === 0) {
    return (
      <p className={styles.text} role="status">
        {settled ? EXTERNAL_WALLET_TEXT.noWalletFound : EXTERNAL_WALLET_TEXT.lookingForWallets}
      </p>
    );
  }
  return (
    <>
      {shown.map((wallet) => (
        <button
          key={wallet.info.uuid}
          type="button"
          className={styles.method}
          onClick={() => void wallets.choose(wallet, mode)}
        >
          {wallet.info.icon ? (
            <img
              src={wallet.info.icon}
              alt=""
              width={20}
              height={20}
              style={{ verticalAlign: 'middle', marginRight: '8px' }}
            />
          ) : null}
          {wallet.info.name}
        </button>
      ))}
      {overflow ? (
        <button type="button" className={styles.method} onClick={() => setExpanded(true)}>
          {EXTERNAL_WALLET_TEXT.otherWallets}
        </button>
      ) : null}
    </>
  );
}
