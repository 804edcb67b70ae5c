import { lazy } from '../lazy.js';

/** Funding by card (core/funding), a chunk of its own: the send review's 'Add Funds' and fundWallet. */
export const loadFunding = lazy(() => import('../funding/index.js'));
