import { PasswordFlow } from '../components/wallet/PasswordFlow.js';
import { useWallet } from '../components/wallet/use-wallet.js';

/** EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN (§4.6): the five steps of the recovery password flow. */
export function EmbeddedWalletPasswordUpdateScreen() {
  const { ui, actions } = useWallet();
  return <PasswordFlow ui={ui.password} actions={actions} />;
}
