import { monogramOf } from '../../../core/wallet/external/deep-links.js';
import type { RegistryWallet } from '../../../protocol/wallet-registry.js';
import { useExternalWalletStyles } from '../../external-wallet-styles.js';

/**
 * A wallet's picture: the icon it announced (EIP-6963, a data URI), else its monogram in its brand
 * colour, shipped with the widget — nothing is fetched from a wallet's site.
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
    <span
      className={className}
      style={{ background: mark.background, color: mark.foreground }}
      aria-hidden="true"
    >
      {mark.letters}
    </span>
  );
}
