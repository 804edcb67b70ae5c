import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_WALLET_LIST } from '../../../core/login/layout.js';
import { EXTERNAL_WALLET_TEXT } from '../../../core/text/external-wallet.js';
import { registryWalletOf } from '../../../core/wallet/external/choices.js';
import type { WalletFlowMode } from '../../../core/wallet/external/index.js';
import { WALLET_LIST_OVERFLOW_ABOVE, WALLET_LIST_SHOWN } from '../../../protocol/external-wallet.js';
import { useStore, useWidget } from '../../context.js';
import { useExternalWallets } from './use-external-wallets.js';
import { WalletIcon } from './WalletIcon.js';

/** §2.3: at most WALLET_LIST_SHOWN, plus an overflow entry, when there are more than WALLET_LIST_OVERFLOW_ABOVE. */
function splitWalletList<T>(wallets: T[]): { shown: T[]; overflow: boolean } {
  return wallets.length > WALLET_LIST_OVERFLOW_ABOVE
    ? { shown: wallets.slice(0, WALLET_LIST_SHOWN), overflow: true }
    : { shown: wallets, overflow: false };
}

/**
 * The wallets of the walletList values (the host's, else the default list): the browser's
 * extensions as they announce themselves (discovery never holds the modal), Coinbase Wallet,
 * Phantom and WalletConnect. Choosing one goes to AWAITING_CONNECTION for `mode`.
 */
export function WalletList({
  mode,
  values = null,
}: {
  mode: WalletFlowMode;
  values?: readonly string[] | null;
}) {
  const { ctx, styles } = useWidget();
  const { wallets } = useExternalWallets();
  const host = useStore(ctx.$hostConfig);
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

  const offered = wallets.choices(detected, values ?? host.appearance?.walletList ?? DEFAULT_WALLET_LIST);
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
      {shown.map((choice) => (
        <button
          key={choice.key}
          type="button"
          className={styles.method}
          onClick={() => void wallets.chooseWallet(choice, mode)}
        >
          <WalletIcon
            icon={choice.icon}
            wallet={choice.kind === 'wallet_connect' ? choice.wallet : registryWalletOf(choice.key)}
            name={choice.name}
          />
          {choice.name}
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
