import { lazy } from '../lazy.js';

/** Two-step verification (core/mfa), a chunk of its own beside the wallet's. */
export const loadMfa = lazy(() => import('../mfa/index.js'));
