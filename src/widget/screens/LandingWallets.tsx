import { SCREENS } from '../../protocol/screens.js';
import { WalletList } from '../components/external-wallet/WalletList.js';
import { useStore, useWidget } from '../context.js';

/**
 * LANDING's wallet list entry (§2.3): the wallets of the walletList values, for a login; on
 * CONNECT_OR_CREATE (the same view) for a connection only.
 */
export function LandingWallets({ values }: { values: readonly string[] }) {
  const { ctx } = useWidget();
  const { screen } = useStore(ctx.modal.$modal);
  return <WalletList mode={screen === SCREENS.connectOrCreate ? 'connect' : 'login'} values={values} />;
}
