import { LINK_COOLDOWN_SECONDS } from '../../protocol/step-up.js';
import { parseDatabaseUrl, resolveSecret } from '../config.js';
import { type Db, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { type RecoveryKey, type RecoveryKeySettings, resolveRecoveryKey } from '../recovery-key.js';
import { AnalyticsService } from './analytics.js';
import { AllowlistService } from './apps/allowlist.js';
import { AppApiSecrets } from './apps/app-api-secret.js';
import { AppSecrets } from './apps/app-secrets.js';
import { AppService } from './apps/apps.js';
import { loginSettingsOf } from './apps/login-settings.js';
import { type Clock, systemClock } from './clock.js';
import { Secrets } from './crypto.js';
import { FarcasterService } from './farcaster/index.js';
import type { FarcasterEndpoints } from './farcaster/settings.js';
import { OnRampService } from './funding/on-ramp.js';
import { PriceService } from './funding/prices.js';
import { closeAll, reach } from './lifecycle.js';
import { CaptchaService } from './login/captcha.js';
import { CodeService } from './login/codes.js';
import { CustomAuthService } from './login/custom-auth.js';
import { createMailer, DEFAULT_MAIL_FROM, type Mailer } from './login/mail.js';
import { SiweService } from './login/siwe.js';
import { SmsService, type TwilioCredentials } from './login/sms.js';
import { MfaService } from './mfa/mfa.js';
import { MfaSecrets } from './mfa/mfa-secrets.js';
import { OAuthService } from './oauth/index.js';
import { PasskeyService } from './passkeys/passkeys.js';
import { RateLimiter } from './sessions/rate-limit.js';
import { SessionService } from './sessions/sessions.js';
import { TokenService } from './sessions/tokens.js';
import { StepUpService } from './step-up/step-up.js';
import { stepUpSecrets } from './step-up/step-up-key.js';
import { UserAdmin } from './users/user-admin.js';
import { UserService } from './users/users.js';
import { DeviceService } from './wallets/wallet-devices.js';
import { WalletService } from './wallets/wallets.js';
import { type UserReader, WebhookOutbox } from './webhooks/outbox.js';
import { startWebhookWorker, type WebhookWorker, type WebhookWorkerOptions } from './webhooks/worker.js';

export interface ServicesOptions {
  /** How long a factor added without a step-up waits to become one, seconds (GATEHOUSE_LINK_COOLDOWN). */
  linkCooldownSeconds?: number;
  /** How long delivered and failed webhook deliveries are kept, seconds (GATEHOUSE_WEBHOOK_RETENTION). */
  webhookRetentionSeconds?: number;
  /** The silent-recovery key's settings (GATEHOUSE_RECOVERY_KEY*); by default `recovery.key` beside the SQLite file. */
  recoveryKey?: RecoveryKeySettings;
  databaseUrl: string;
  /** Connections per process to PostgreSQL (GATEHOUSE_DATABASE_POOL_SIZE). */
  databasePoolSize?: number;
  /** Issuer of access tokens. */
  publicUrl: string;
  /** Server secret; by default read from (or created as) `secret.key` beside the SQLite file. */
  secret?: string;
  smtpUrl?: string;
  mailFrom?: string;
  /** Twilio credentials of every app without its own; without any, SMS codes are printed. */
  twilio?: TwilioCredentials;
  /** Twilio's API base URL (GATEHOUSE_TWILIO_BASE_URL), e.g. a local peer in tests. */
  twilioBaseUrl?: string;
  /** Turnstile siteverify URL for apps without their own; default Cloudflare's. */
  turnstileVerifyUrl?: string;
  /** Turnstile api.js URL answered to apps without their own; default Cloudflare's. */
  turnstileScriptUrl?: string;
  /** CoinGecko's API base URL for token prices (GATEHOUSE_COINGECKO_URL); default the public one. */
  coingeckoUrl?: string;
  /** Farcaster relay, OP Mainnet RPC, signed key request API and hub for apps without their own. */
  farcaster?: Partial<FarcasterEndpoints>;
  /** GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE: webhooks may go to loopback and private addresses (development). */
  webhooksAllowPrivate?: boolean;
  now?: Clock;
}

export interface Services {
  db: Db;
  /** The server secret's keys (hashing, encryption at rest). */
  secrets: Secrets;
  now: Clock;
  apps: AppService;
  tokens: TokenService;
  codes: CodeService;
  users: UserService;
  sessions: SessionService;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  oauth: OAuthService;
  sms: SmsService;
  captcha: CaptchaService;
  /** Who may log in (checked by users.loginWithAccount for every login method). */
  allowlist: AllowlistService;
  /** The host's own tokens (custom auth). */
  customAuth: CustomAuthService;
  analytics: AnalyticsService;
  /** Embedded wallets: the transport key and the provider's shares. */
  wallets: WalletService;
  /** The embedded wallets' device keys and the challenges of their proofs. */
  devices: DeviceService;
  /** Step-up tickets: what a new device and a change of the account wait on (services/step-up/step-up.ts). */
  stepUp: StepUpService;
  /** 'Silent-recovery key: …' (where it is, never the key), for the start banner. */
  recoveryKeyDescription: string;
  /** Token prices in US dollars (`token_price`). */
  prices: PriceService;
  /** Sign-In With Ethereum: nonces, message and signature checks, the app's chains and RPCs. */
  siwe: SiweService;
  /** Farcaster: Sign In With Farcaster, signers, messages to a hub. */
  farcaster: FarcasterService;
  /** Two-step verification: enrolled methods, challenges and proofs. */
  mfa: MfaService;
  /** Passkeys: the WebAuthn ceremonies' options and checks, the stored credentials and challenges. */
  passkeys: PasskeyService;
  /** The apps' server-to-server API secrets (stored hashed). */
  apiSecrets: AppApiSecrets;
  /** The app's users as its backend sees them (server-to-server API). */
  userAdmin: UserAdmin;
  /** The apps' webhook settings and the queue of events (outbox). */
  webhooks: WebhookOutbox;
  /** A started worker sending the queued events (one per server process); stop it before close. */
  startWebhookWorker(options: WebhookWorkerOptions, onError: (error: unknown) => void): WebhookWorker;
  /** Card funding through MoonPay: the app's keys and URLs, signed buy-widget URLs. */
  onRamp: OnRampService;
  /** Migrations applied while opening. */
  migrationsApplied: string[];
  /** Deletes expired codes, sessions and refresh tokens, and rate-limit windows that started before `before`. */
  sweep(before: number): Promise<void>;
  close(): Promise<void>;
}

type WalletServices = Pick<Services, 'wallets' | 'devices' | 'recoveryKeyDescription'>;

/** The embedded wallet's services: its shares (under the server secret and the recovery key) and device keys. */
async function openWalletServices(base: {
  db: Db;
  secrets: Secrets;
  serverSecret: string;
  recoveryKey: RecoveryKey;
  users: UserService;
  now: Clock;
  webhooks: WebhookOutbox;
}): Promise<WalletServices> {
  const { db, secrets, now } = base;
  const { recoveryKey } = base;
  return {
    wallets: await WalletService.load(base),
    devices: new DeviceService(db, secrets, now),
    recoveryKeyDescription: recoveryKey.description,
  };
}

type BackendServices = Pick<Services, 'apiSecrets' | 'userAdmin' | 'webhooks' | 'startWebhookWorker'>;

/** What the host's backend uses: the server-to-server API's secrets and users, and the webhooks. */
function backendServices(base: {
  db: Db;
  appSecrets: AppSecrets;
  users: UserService;
  now: Clock;
  webhooks: WebhookOutbox;
}): BackendServices {
  const { db, users, now, webhooks } = base;
  return {
    apiSecrets: new AppApiSecrets(db, now),
    userAdmin: new UserAdmin(db, users, now, webhooks),
    webhooks,
    startWebhookWorker: (workerOptions, onError) => startWebhookWorker(base, workerOptions, onError),
  };
}

/**
 * One-time codes, MFA and the step-up tickets, under the step-up key (step-up-key.ts). MFA secrets still under
 * an older key (the server secret's, or a rotated recovery key's) are sealed again first.
 */
async function openStepUp(
  options: ServicesOptions,
  base: {
    db: Db;
    secrets: Secrets;
    recoveryKey: RecoveryKey;
    rateLimiter: RateLimiter;
    now: Clock;
    webhooks: WebhookOutbox;
  },
): Promise<Pick<Services, 'codes' | 'mfa' | 'stepUp'>> {
  const { db, secrets, recoveryKey, rateLimiter, now, webhooks } = base;
  const keys = stepUpSecrets(recoveryKey.key);
  const codes = new CodeService(db, keys, now);
  const older = [...(recoveryKey.previous ? [stepUpSecrets(recoveryKey.previous)] : []), secrets];
  const mfa = new MfaService(db, keys, codes, now, webhooks, new MfaSecrets(keys, older));
  await mfa.sealed.reseal(db);
  const cooldownMs = (options.linkCooldownSeconds ?? LINK_COOLDOWN_SECONDS) * 1000;
  const stepUp = new StepUpService({
    db,
    keys,
    now,
    cooldownMs,
    rateLimiter,
    mfa: (userId) => mfa.enrolledFactors(userId),
  });
  return { codes, mfa, stepUp };
}

/** The login methods with challenges of their own: Sign-In With Ethereum, Farcaster, passkeys. */
function loginServices(
  options: ServicesOptions,
  base: { db: Db; secrets: Secrets; appSecrets: AppSecrets; now: Clock },
): Pick<Services, 'siwe' | 'farcaster' | 'passkeys'> {
  const { db, secrets, appSecrets, now } = base;
  return {
    siwe: new SiweService(db, secrets, appSecrets, now),
    farcaster: new FarcasterService({ db, secrets, appSecrets, now, endpoints: options.farcaster }),
    passkeys: new PasskeyService(db, secrets, now, options.publicUrl),
  };
}

const captchaEndpoints = (options: ServicesOptions) => ({
  verifyUrl: options.turnstileVerifyUrl,
  scriptUrl: options.turnstileScriptUrl,
});

/** Apps, the allowlist and users: a login reads its app's settings through the app's cache. */
function userServices(db: Db, now: Clock, appSecrets: AppSecrets, webhooks: WebhookOutbox) {
  const apps = new AppService(db, now);
  const allowlist = new AllowlistService(db, appSecrets);
  return {
    apps,
    allowlist,
    users: new UserService(db, now, allowlist, webhooks, loginSettingsOf(appSecrets)),
  };
}

/**
 * Opens the database, applies pending migrations and loads the signing key. The recovery key is
 * resolved before the database opens: a refused one leaves nothing behind.
 */
export async function openServices(options: ServicesOptions): Promise<Services> {
  const location = parseDatabaseUrl(options.databaseUrl);
  const now = options.now ?? systemClock;
  const serverSecret = resolveSecret(options.secret, location);
  const recoveryKey = resolveRecoveryKey(options.recoveryKey, location, serverSecret);
  const secrets = new Secrets(serverSecret);
  const db = openDatabase(location, options.databasePoolSize);
  try {
    if (location.kind === 'postgres') await reach(db, location.url);
    const migrationsApplied = await migrate(db);
    const tokens = await TokenService.load(db, secrets, options.publicUrl, now);
    const mailer = createMailer(options.smtpUrl, options.mailFrom ?? DEFAULT_MAIL_FROM);
    const sessions = new SessionService(db, secrets, now, tokens);
    const rateLimiter = new RateLimiter(db, now);
    const appSecrets = new AppSecrets(db, secrets, now);
    const oauth = new OAuthService({ db, secrets, settings: appSecrets, publicUrl: options.publicUrl, now });
    const analytics = new AnalyticsService(db, now);
    const readUser: UserReader = (id, trx) => users.get(id, trx);
    const webhooks = new WebhookOutbox(appSecrets, now, options, readUser);
    const { apps, allowlist, users } = userServices(db, now, appSecrets, webhooks);
    const { siwe, farcaster, passkeys } = loginServices(options, { db, secrets, appSecrets, now });
    const base = { db, secrets, serverSecret, recoveryKey, users, now, webhooks, rateLimiter };
    const wallet = await openWalletServices(base);
    const { codes, mfa, stepUp } = await openStepUp(options, base);
    return {
      db,
      secrets,
      now,
      apps,
      tokens,
      codes,
      users,
      sessions,
      rateLimiter,
      mailer,
      oauth,
      sms: new SmsService(appSecrets, { twilio: options.twilio, twilioBaseUrl: options.twilioBaseUrl }),
      captcha: new CaptchaService(appSecrets, captchaEndpoints(options)),
      allowlist,
      customAuth: new CustomAuthService(appSecrets, now),
      analytics,
      ...wallet,
      prices: new PriceService(now, options.coingeckoUrl),
      siwe,
      farcaster,
      mfa,
      passkeys,
      stepUp,
      onRamp: new OnRampService(appSecrets, db, now),
      ...backendServices({ db, appSecrets, users, now, webhooks }),
      migrationsApplied,
      async sweep(before) {
        for (const service of [codes, siwe, farcaster, oauth, sessions, analytics, mfa, stepUp, passkeys])
          await service.sweep();
        await rateLimiter.sweep(before);
        await wallet.devices.sweep();
        await webhooks.prune(db);
      },
      close: () => closeAll(analytics, mailer, db),
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
