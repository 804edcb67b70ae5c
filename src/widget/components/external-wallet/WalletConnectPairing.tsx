import { lazy, type ReactNode, Suspense } from 'react';
import { EXTERNAL_WALLET_TEXT } from '../../../core/text/external-wallet.js';
import {
  mobilePlatform,
  opensInNewTab,
  walletConnectDeepLink,
} from '../../../core/wallet/external/deep-links.js';
import type { RegistryWallet } from '../../../protocol/wallet-registry.js';
import { WALLET_REGISTRY } from '../../../protocol/wallet-registry.js';
import { useWidget } from '../../context.js';
import { useExternalWalletStyles } from '../../external-wallet-styles.js';
import { CopyButton } from '../wallet/CopyButton.js';
import { WalletIcon } from './WalletIcon.js';

/** The QR code (and its encoder) loads only where it shows: a desktop pairing. */
const QrCode = lazy(() => import('./QrCode.js').then((m) => ({ default: m.QrCode })));

/**
 * A link that opens a wallet app from the click itself: a plain `<a>`, so no `await` stands between
 * the tap and the navigation (iOS blocks a `window.open` after one); https links open a new tab.
 */
function DeepLink({
  wallet,
  uri,
  platform,
  className,
  children,
}: {
  wallet: RegistryWallet;
  uri: string;
  platform: 'ios' | 'android';
  className: string;
  children: ReactNode;
}) {
  const href = walletConnectDeepLink(wallet, uri, platform);
  const newTab = opensInNewTab(href);
  return (
    <a
      className={className}
      href={href}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener' : undefined}
    >
      {children}
    </a>
  );
}

/**
 * The WalletConnect pairing of AWAITING_CONNECTION (§2.2): on a desktop, our QR code of the `wc:`
 * URI with 'Copy link'; on a phone, the chosen wallet's deep link, or every wallet of the registry.
 */
export function WalletConnectPairing({ uri, wallet }: { uri: string | null; wallet: RegistryWallet | null }) {
  const { styles } = useWidget();
  const s = useExternalWalletStyles();
  const nav = globalThis.navigator;
  const platform = mobilePlatform(nav?.userAgent, nav?.maxTouchPoints);
  if (!uri) {
    return (
      <p className={styles.text} role="status">
        {EXTERNAL_WALLET_TEXT.preparingConnection}
      </p>
    );
  }
  if (!platform) {
    return (
      <>
        <Suspense fallback={<span className={s.qr} />}>
          <QrCode value={uri} label={EXTERNAL_WALLET_TEXT.qrLabel} />
        </Suspense>
        <p className={styles.text}>{EXTERNAL_WALLET_TEXT.scanDetail}</p>
        <div className={s.row}>
          <CopyButton text={uri} label={EXTERNAL_WALLET_TEXT.copyLink} />
        </div>
      </>
    );
  }
  if (wallet) {
    return (
      <>
        <p className={styles.text}>{EXTERNAL_WALLET_TEXT.connectDetail}</p>
        <DeepLink wallet={wallet} uri={uri} platform={platform} className={styles.primary}>
          {EXTERNAL_WALLET_TEXT.openWallet(wallet.name)}
        </DeepLink>
      </>
    );
  }
  return (
    <>
      <p className={styles.text}>{EXTERNAL_WALLET_TEXT.chooseMobileWallet}</p>
      <div className={s.grid}>
        {WALLET_REGISTRY.map((entry) => (
          <DeepLink key={entry.id} wallet={entry} uri={uri} platform={platform} className={s.gridItem}>
            <WalletIcon wallet={entry} name={entry.name} />
            <span>{entry.name}</span>
          </DeepLink>
        ))}
      </div>
    </>
  );
}
