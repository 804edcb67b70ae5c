/**
 * The catalogue: every text a user or a host developer reads, written once (§2.3, §5, §8).
 * Screens and core import these; nothing else spells them. The texts are grouped in modules by
 * where they are read, so each goes into the chunk that shows it (a screen behind a lazy import
 * takes its texts along): import each from its module; this one holds the general ones.
 */
import { EMAIL_REQUIRED_FOR_UPDATE_MESSAGE } from '../../protocol/error-messages.js';

/** Error and warning messages (§5, §8). */
export const MESSAGES = {
  requestTimedOut: 'Request timed out',
  emailRequiredForUpdate: EMAIL_REQUIRED_FOR_UPDATE_MESSAGE,
  exitedLinkFlow: 'The modal was closed before the account was linked.',
  exitedAuthFlow: 'The modal was closed before the login was completed.',
  failedToLinkAccount: 'The account could not be linked.',
  mustEnableOneLoginMethod: 'You must enable at least one login method',
  alreadyLoggedIn: 'Attempted to log in, but the user is already logged in.',
  unexpectedResponse: 'Gatehouse answered with an unexpected response.',
  unknownLinkedAccount: (type: string) => `Ignoring a linked account of unknown type "${type}".`,
  requestFailed: (status: number) => `Gatehouse answered with status ${status}.`,
  appConfigFailed: (appId: string, reason: string) =>
    `Gatehouse could not load the configuration of app ${appId}: ${reason}`,
  unknownMethod: (method: string) => `LoginWidget has no method "${method}".`,
  invalidConfig: (field: string, value: unknown) =>
    `Invalid Gatehouse configuration: ${field} = ${JSON.stringify(value)}.`,
} as const;

/** Session fork, custom auth and the other session-level messages (§4.1, §8). */
export const SESSION_MESSAGES = {
  mustBeAuthenticated: 'User must be authenticated',
  customAuthFailed: (reason: string) =>
    `Gatehouse could not log in with the host's custom auth token: ${reason}`,
  customAuthTokenFailed: (reason: string) => `getCustomAccessToken() failed: ${reason}`,
  customAuthInvalid:
    'customAuth.getCustomAccessToken must be a function returning a promise of a token (or null).',
} as const;
