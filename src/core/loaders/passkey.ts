import { lazy } from '../lazy.js';

/** Passkeys (core/passkey), a chunk of their own, loaded when a passkey flow starts. */
export const loadPasskey = lazy(() => import('../passkey/index.js'));
