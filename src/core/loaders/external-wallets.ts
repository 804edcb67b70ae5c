import { lazy } from '../lazy.js';

/** The external wallets (core/wallet/external), a chunk of their own: connectors, $wallets, Sign-In With Ethereum. */
export const loadExternalWallets = lazy(() => import('../wallet/external/index.js'));
