/** The console's keys, API secrets and operators in the OpenAPI document (spread into CONSOLE_OPERATIONS). */
import type { Requirement, Row } from './openapi-types.js';

const OPERATOR: Requirement[] = [{ consoleSession: [] }];

export const CONSOLE_SECURITY_OPERATIONS: Record<string, Row> = {
  'GET /api/v1/console/keys': ['listConsoleSigningKeys', 'The token signing keys', OPERATOR],
  'POST /api/v1/console/keys': ['rotateConsoleSigningKey', 'Add a signing key (keys rotate)', OPERATOR],
  'POST /api/v1/console/keys/:kid/retire': [
    'retireConsoleSigningKey',
    'Retire a signing key (keys retire)',
    OPERATOR,
  ],
  'GET /api/v1/console/api-secrets': ['listConsoleApiSecrets', 'Which apps have an API secret', OPERATOR],
  'POST /api/v1/console/apps/:id/api-secret': [
    'rotateConsoleApiSecret',
    'A new server-to-server API secret, shown once',
    OPERATOR,
  ],
  'GET /api/v1/console/operators': ['listConsoleOperators', "The console's operators", OPERATOR],
  'POST /api/v1/console/operators': ['addConsoleOperator', 'Add an operator', OPERATOR],
  'DELETE /api/v1/console/operators/:id': ['removeConsoleOperator', 'Remove an operator', OPERATOR],
};
