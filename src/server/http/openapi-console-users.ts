/** The console's Users section in the OpenAPI document (spread into openapi-console.ts). */
import type { Requirement, Row } from './openapi-types.js';

const OPERATOR: Requirement[] = [{ consoleSession: [] }];
const USER = '/api/v1/console/apps/:id/users/:user';

export const CONSOLE_USER_OPERATIONS: Record<string, Row> = {
  'GET /api/v1/console/apps/:id/users': ['searchConsoleUsers', "Find an app's users", OPERATOR],
  [`GET ${USER}`]: ['getConsoleUser', "A user's page", OPERATOR],
  [`DELETE ${USER}`]: ['deleteConsoleUser', 'Delete a user (their id or email typed)', OPERATOR],
  [`DELETE ${USER}/sessions`]: ['revokeConsoleUserSessions', "Revoke all the user's sessions", OPERATOR],
  [`DELETE ${USER}/sessions/:session`]: ['revokeConsoleUserSession', 'Revoke one session', OPERATOR],
  [`DELETE ${USER}/mfa/:method`]: ['removeConsoleUserMfa', 'Remove an MFA method', OPERATOR],
  [`DELETE ${USER}/devices/:device`]: ['revokeConsoleUserDevice', "Revoke a wallet's device", OPERATOR],
};
