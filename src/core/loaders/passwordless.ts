import { lazy } from '../lazy.js';
import { lazyAction } from '../lazy-action.js';

/**
 * The email/SMS code flow (core/login/passwordless and what it finishes with), not in the modal's
 * first chunk: the code screen, which imports it, is fetched once LANDING has painted, so it is
 * there by the time a person has typed an address.
 */
const loadPasswordless = lazy(() => import('../login/passwordless.js'));

/** LANDING's email and phone forms: the provider gone away shows ERROR_SCREEN, whose Retry submits again. */
export const submitDestination = lazyAction(loadPasswordless, (flow) => flow.submitDestination);
