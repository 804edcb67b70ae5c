import { WalletList } from '../components/external-wallet/WalletList.js';

/** LANDING's wallet list entry (§2.3): the extensions of the walletList values, for a login. */
export function LandingWallets({ values }: { values: readonly string[] }) {
  return <WalletList mode="login" values={values} />;
}
