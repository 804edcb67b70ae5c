/**
 * The Kysely database type: every table, by domain (one file each beside this one). Dialect-neutral
 * storage, see columns.ts; the tables themselves are made by ../migrations.
 */
import type { ActivityTables } from './activity.js';
import type { AppTables } from './apps.js';
import type { ConsoleTables } from './console.js';
import type { DeveloperTables } from './developer.js';
import type { DeviceTables } from './devices.js';
import type { FarcasterTables } from './farcaster.js';
import type { KeyTables } from './keys.js';
import type { LoginTables } from './logins.js';
import type { MfaTables } from './mfa.js';
import type { OperationTables } from './operations.js';
import type { PasskeyTables } from './passkeys.js';
import type { SessionTables } from './sessions.js';
import type { StepUpTables } from './step-up.js';
import type { UserTables } from './users.js';
import type { WalletTables } from './wallets.js';

export interface Database
  extends AppTables,
    KeyTables,
    UserTables,
    SessionTables,
    LoginTables,
    WalletTables,
    DeviceTables,
    MfaTables,
    StepUpTables,
    PasskeyTables,
    FarcasterTables,
    DeveloperTables,
    OperationTables,
    ConsoleTables,
    ActivityTables {}
