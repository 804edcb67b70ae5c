import { walletActions, walletUi } from '../../../core/wallet/embedded/index.js';
import type { WalletActions, WalletUiState } from '../../../core/wallet/embedded/ui-state.js';
import { useStore, useWidget } from '../../context.js';

/** What the wallet screens render and the actions they call (the answers to the flow that waits on them). */
export function useWallet(): { ui: WalletUiState; actions: WalletActions } {
  const { ctx } = useWidget();
  return { ui: useStore(walletUi(ctx)), actions: walletActions(ctx) };
}
