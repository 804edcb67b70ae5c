/**
 * The console's operations in the OpenAPI document (tag `console`), by `METHOD path`. Each part of
 * the console keeps its rows in a file of its own and spreads them in here.
 */
import { CONSOLE_ACTIVITY_OPERATIONS } from './openapi-console-activity.js';
import { CONSOLE_SECURITY_OPERATIONS } from './openapi-console-security.js';
import { CONSOLE_USER_OPERATIONS } from './openapi-console-users.js';
import { CONSOLE_WEBHOOK_OPERATIONS } from './openapi-console-webhooks.js';
import type { Requirement, Row } from './openapi-types.js';

const PUBLIC: Requirement[] = [];
const OPERATOR: Requirement[] = [{ consoleSession: [] }];

export const CONSOLE_OPERATIONS: Record<string, Row> = {
  'GET /api/v1/console/sign-in': ['consoleSignIn', 'Sign in with a gatehouse console link', PUBLIC],
  'POST /api/v1/console/email-code/start': [
    'consoleEmailCodeStart',
    'Email an operator a sign-in code',
    PUBLIC,
  ],
  'POST /api/v1/console/email-code/verify': [
    'consoleEmailCodeVerify',
    'Sign in with an emailed code',
    PUBLIC,
  ],
  'GET /api/v1/console/session': ['getConsoleSession', 'The signed-in operator and the CSRF token', OPERATOR],
  'POST /api/v1/console/sign-out': ['consoleSignOut', "End the operator's session", OPERATOR],
  'GET /api/v1/console/audit': ['listConsoleAudit', 'The audit log, newest first', OPERATOR],
  'GET /api/v1/console/apps': ['listConsoleApps', 'The apps', OPERATOR],
  'POST /api/v1/console/apps': ['createConsoleApp', 'Create an app', OPERATOR],
  'PATCH /api/v1/console/apps/:id': ['renameConsoleApp', 'Rename an app', OPERATOR],
  'DELETE /api/v1/console/apps/:id': ['deleteConsoleApp', 'Delete an app (its name typed)', OPERATOR],
  'GET /api/v1/console/apps/:id/settings': ['getConsoleAppSettings', "An app's settings", OPERATOR],
  'PATCH /api/v1/console/apps/:id/settings': ['setConsoleAppSettings', 'Change settings', OPERATOR],
  ...CONSOLE_WEBHOOK_OPERATIONS,
  ...CONSOLE_USER_OPERATIONS,
  ...CONSOLE_ACTIVITY_OPERATIONS,
  ...CONSOLE_SECURITY_OPERATIONS,
};
