import { useMemo } from 'react';
import { walletScreens } from '../../../core/wallet/external/index.js';
import { useStore, useWidget } from '../../context.js';

/** The client's external wallets (made with the first use), as the screens call them, and their flow state. */
export function useExternalWallets() {
  const { ctx } = useWidget();
  const wallets = useMemo(() => walletScreens(ctx), [ctx]);
  const flow = useStore(wallets.$flow);
  return { wallets, flow };
}
