import { lazy } from '../lazy.js';

/** OAuth login and linking (core/login/oauth.ts), a chunk of its own. */
export const loadOAuth = lazy(() => import('../login/oauth.js'));
