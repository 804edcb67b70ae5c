import { AwaitingConnection } from './AwaitingConnection.js';

/**
 * AWAITING_CONNECT_ONLY_CONNECTION (§2.2): AWAITING_CONNECTION for a connection without a login;
 * the wait and its texts are the same, the flow behind it (core/wallet/external) differs.
 */
export const AwaitingConnectOnlyConnection = AwaitingConnection;
