import type { WalletActions, WalletUiState } from '../../../core/wallet/ui-state.js';
import { useStore, useWidget } from '../../context.js';

/** What the wallet screens render (`gatehouse.$walletUi`) and the actions they call on the Gatehouse. */
export function useWallet(): { ui: WalletUiState; actions: WalletActions } {
  const { gatehouse } = useWidget();
  const ui = useStore(gatehouse.$walletUi);
  return { ui, actions: gatehouse };
}
