import type { Migration } from 'kysely';
import { initialMigration } from './0001_initial.js';
import { appSecretsMigration } from './0002_app_secrets.js';
import { oauthFlowsMigration } from './0003_oauth_flows.js';
import { analyticsEventsMigration } from './0004_analytics_events.js';
import { embeddedWalletsMigration } from './0005_embedded_wallets.js';
import { siweNoncesMigration } from './0006_siwe_nonces.js';
import { linkedAccountsVerifiedEmailMigration } from './0007_linked_accounts_verified_email.js';
import { refreshTokenGraceSiblingsMigration } from './0008_refresh_token_grace_siblings.js';
import { codeLockoutsMigration } from './0009_code_lockouts.js';
import { mfaMigration } from './0010_mfa.js';
import { fiatOnRampPurchasesMigration } from './0011_fiat_on_ramp_purchases.js';
import { farcasterMigration } from './0012_farcaster.js';
import { walletDevicesMigration } from './0013_wallet_devices.js';
import { expiryIndexesMigration } from './0014_expiry_indexes.js';
import { appApiSecretsMigration } from './0015_app_api_secrets.js';
import { webhookDeliveriesMigration } from './0016_webhook_deliveries.js';
import { widgetArchiveMigration } from './0017_widget_archive.js';
import { stepUpMigration } from './0019_step_up.js';
import { mfaLockoutMigration } from './0020_mfa_lockout.js';
import { keyActivationMigration } from './0021_key_activation.js';
import { passkeysMigration } from './0022_passkeys.js';
import { passkeyGateMigration } from './0023_passkey_gate.js';
import { consoleMigration } from './0024_console.js';
import { consoleUsersMigration } from './0025_console_users.js';
import { webhookLogMigration } from './0026_webhook_log.js';
import { loginEventsMigration } from './0027_login_events.js';
import { userLocaleMigration } from './0028_user_locale.js';

/**
 * One set of dialect-neutral migrations, written with Kysely's schema builder only: text and
 * bigint columns, integer 0/1 for booleans, JSON as text. One file a migration, named by its key.
 * The keys are recorded in deployed databases (kysely_migration): never rename, reorder or edit a
 * published migration; add the next one. (There is no 0018.)
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': initialMigration,
  '0002_app_secrets': appSecretsMigration,
  '0003_oauth_flows': oauthFlowsMigration,
  '0004_analytics_events': analyticsEventsMigration,
  '0005_embedded_wallets': embeddedWalletsMigration,
  '0006_siwe_nonces': siweNoncesMigration,
  '0007_linked_accounts_verified_email': linkedAccountsVerifiedEmailMigration,
  '0008_refresh_token_grace_siblings': refreshTokenGraceSiblingsMigration,
  '0009_code_lockouts': codeLockoutsMigration,
  '0010_mfa': mfaMigration,
  '0011_fiat_on_ramp_purchases': fiatOnRampPurchasesMigration,
  '0012_farcaster': farcasterMigration,
  '0013_wallet_devices': walletDevicesMigration,
  '0014_expiry_indexes': expiryIndexesMigration,
  '0015_app_api_secrets': appApiSecretsMigration,
  '0016_webhook_deliveries': webhookDeliveriesMigration,
  '0017_widget_archive': widgetArchiveMigration,
  '0019_step_up': stepUpMigration,
  '0020_mfa_lockout': mfaLockoutMigration,
  '0021_key_activation': keyActivationMigration,
  '0022_passkeys': passkeysMigration,
  '0023_passkey_gate': passkeyGateMigration,
  '0024_console': consoleMigration,
  '0025_console_users': consoleUsersMigration,
  '0026_webhook_log': webhookLogMigration,
  '0027_login_events': loginEventsMigration,
  '0028_user_locale': userLocaleMigration,
};
