/** The console's API for signing keys, API secrets and operators (protocol/console-security.ts). */
import {
  type ApiSecretWire,
  type OperatorWire,
  CONSOLE_SECURITY_PATHS as PATHS,
  type SigningKeysWire,
} from '../protocol/console-security.js';
import { appPath, call, send } from './api.js';

export const securityApi = {
  keys: () => call<SigningKeysWire>(PATHS.keys),
  rotate: (csrf: string) => send<SigningKeysWire>('POST', PATHS.keys, {}, csrf),
  retire: (csrf: string, kid: string, force: boolean) =>
    send<SigningKeysWire>('POST', PATHS.retireKey.replace(':kid', encodeURIComponent(kid)), { force }, csrf),
  apiSecrets: () => call<{ data: ApiSecretWire[] }>(PATHS.apiSecrets),
  newApiSecret: (csrf: string, id: string) =>
    send<{ secret: string; created_at: number }>('POST', appPath(PATHS.apiSecret, id), {}, csrf),
  operators: () => call<{ data: OperatorWire[] }>(PATHS.operators),
  addOperator: (csrf: string, email: string) => send<OperatorWire>('POST', PATHS.operators, { email }, csrf),
  removeOperator: (csrf: string, id: string) =>
    send<OperatorWire>('DELETE', appPath(PATHS.operator, id), {}, csrf),
};
