import { WALLET_TEXT } from '../../core/text/wallet.js';
import { ProviderSurface } from '../components/wallet/ProviderSurface.js';
import { Title } from '../Title.js';

/**
 * EMBEDDED_WALLET_KEY_EXPORT_SCREEN ('Export wallet', §2.3, §4.6): the provider-origin surface,
 * where the wallet frame shows the key after a click there. This page never sees it. Escape inside
 * the surface reaches core by postMessage and closes the screen; focus stays in the dialog.
 */
export function EmbeddedWalletKeyExportScreen() {
  return (
    <>
      {/* The surface heads itself with the same name, and warns of what it shows. */}
      <Title hidden>{WALLET_TEXT.exportTitle}</Title>
      <ProviderSurface title={WALLET_TEXT.exportTitle} />
    </>
  );
}
