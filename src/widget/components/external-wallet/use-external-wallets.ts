import { useMemo } from 'react';
import { type ExternalWallets, externalWallets } from '../../../core/wallet/external/wallets.js';
import { useStore, useWidget } from '../../context.js';

/** The Gatehouse's external wallets (created with the first use) and their flow state. */
export function useExternalWallets() {
  const { gatehouse } = useWidget();
  const wallets: ExternalWallets = useMemo(() => externalWallets(gatehouse), [gatehouse]);
  const flow = useStore(wallets.$flow);
  return { wallets, flow };
}
