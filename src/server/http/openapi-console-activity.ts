/** The console's Activity section in the OpenAPI document (spread into openapi-console.ts). */
import type { Requirement, Row } from './openapi-types.js';

const OPERATOR: Requirement[] = [{ consoleSession: [] }];

export const CONSOLE_ACTIVITY_OPERATIONS: Record<string, Row> = {
  'GET /api/v1/console/apps/:id/activity': [
    'getConsoleAppActivity',
    "An app's logins, new users, funnel, errors and webhooks over a range",
    OPERATOR,
  ],
};
