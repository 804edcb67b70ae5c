import { WALLET_TEXT } from '../../core/text/wallet.js';
import { ProviderSurface } from '../components/wallet/ProviderSurface.js';
import { useWallet } from '../components/wallet/use-wallet.js';
import { Title } from '../Title.js';

/**
 * EMBEDDED_WALLET_RECOVERY_SCREEN ('Load your account', §4.6): a new browser loads the wallet. The
 * provider-origin surface asks what it needs — a code that confirms it is the user (a login is not
 * enough), and the recovery password of a 'user-passcode' wallet — and this page sees neither.
 */
export function EmbeddedWalletRecoveryScreen() {
  const { ui } = useWallet();
  // The password's view heads itself 'Load your account': the dialog keeps the name for screen readers.
  const headed = ui.surface?.kind === 'password-enter';
  return (
    <>
      <Title hidden={headed}>{WALLET_TEXT.recoveryTitle}</Title>
      {/* The surface says what it asks and why. */}
      <ProviderSurface title={WALLET_TEXT.recoveryTitle} />
    </>
  );
}
