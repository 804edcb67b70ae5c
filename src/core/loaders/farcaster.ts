import { lazy } from '../lazy.js';

/** Farcaster (core/farcaster), a chunk of its own, loaded when a Farcaster flow starts. */
export const loadFarcaster = lazy(() => import('../farcaster/index.js'));
