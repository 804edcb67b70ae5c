import { Suspense } from 'react';
import { monogramOf } from '../../../core/wallet/external/deep-links.js';
import type { RegistryWallet } from '../../../protocol/wallet-registry.js';
import { BrandMark } from '../../brand.js';
import { useExternalWalletStyles } from '../../external-wallet-styles.js';

/**
 * A wallet's picture: the icon it announced (EIP-6963, a data URI), else its brand mark
 * (brand-marks.tsx), else its monogram in its brand colour — all shipped with the widget, nothing is
 * fetched from a wallet's site. Until the marks have arrived, the box is there, empty. A wallet
 * without a registry entry goes by its name: 'WalletConnect' is the mark 'walletconnect'.
 */
export function WalletIcon({
  icon,
  wallet,
  name,
  large = false,
}: {
  icon?: string;
  wallet?: RegistryWallet | null;
  name: string;
  large?: boolean;
}) {
  const s = useExternalWalletStyles();
  const className = large ? `${s.icon} ${s.largeIcon}` : s.icon;
  if (icon) return <img className={className} src={icon} alt="" />;
  const mark = monogramOf(wallet ?? { id: name, name, color: '#3B99FC', mobile: {} });
  return (
    <Suspense fallback={<span className={className} aria-hidden="true" />}>
      <BrandMark brand={wallet?.id ?? name.toLowerCase().replace(/[^a-z0-9]/g, '')} className={className}>
        <span
          className={className}
          style={{ background: mark.background, color: mark.foreground }}
          aria-hidden="true"
        >
          {mark.letters}
        </span>
      </BrandMark>
    </Suspense>
  );
}
