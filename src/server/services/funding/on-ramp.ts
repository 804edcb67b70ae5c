import { randomUUID } from 'node:crypto';
import type { AppConfigWire, LinkedAccountWire, UserWire } from '../../../protocol/api.js';
import { DEFAULT_ACCENT_COLOR, DEFAULT_THEME } from '../../../protocol/constants.js';
import {
  FIAT_ON_RAMP_DEFAULT_CURRENCY,
  FIAT_ON_RAMP_PROVIDER,
  type FiatOnRampAppConfig,
  MOONPAY_DEFAULT_URLS,
  type MoonpaySignBody,
  type MoonpaySignResponse,
} from '../../../protocol/funding.js';
import { WALLET_ACCOUNT_TYPE } from '../../../protocol/wallet-api.js';
import type { Db } from '../../db/database.js';
import { ApiError, UserError } from '../../errors.js';
import { type AppSecrets, httpUrlSetting, serverOnlyAssignment } from '../apps/app-secrets.js';
import type { App } from '../apps/apps.js';
import type { Clock } from '../clock.js';
import { buildQueryUrl, signMoonpayUrl } from './moonpay-url.js';

/**
 * The MoonPay settings of an app, set with `gatehouse apps set` and kept AES-256-GCM encrypted in
 * `app_secrets`. The secret key never leaves the server; the app configuration shows only the
 * publishable key and the API of the app's mode (`fiat_on_ramp`). The URLs default to MoonPay's.
 */
export const MOONPAY_FIELDS = [
  'moonpay.publishable_key',
  'moonpay.secret_key',
  'moonpay.widget_url',
  'moonpay.sandbox_widget_url',
  'moonpay.api_url',
  'moonpay.sandbox_api_url',
] as const;
export type MoonpayField = (typeof MOONPAY_FIELDS)[number];
type MoonpaySettings = Partial<Record<MoonpayField, string>>;

const KEY_RULES: Partial<Record<MoonpayField, { pattern: RegExp; expected: string }>> = {
  'moonpay.publishable_key': { pattern: /^pk_\w{1,200}$/, expected: 'a MoonPay publishable key (pk_…)' },
  'moonpay.secret_key': { pattern: /^sk_\w{1,200}$/, expected: 'a MoonPay secret key (sk_…)' },
};

/** `moonpay.<setting>=<value>` from the CLI (empty or null removes it); undefined for any other field. */
export function parseMoonpayAssignment(
  argument: string,
): { field: MoonpayField; value: string | null } | undefined {
  const assignment = serverOnlyAssignment(argument, MOONPAY_FIELDS);
  if (!assignment?.value) return assignment;
  const { field, value } = assignment;
  const rule = KEY_RULES[field];
  if (rule) {
    if (!rule.pattern.test(value))
      throw new UserError(`Invalid value for ${field}: expected ${rule.expected}, or null.`, 2);
    return assignment;
  }
  const url = new URL(httpUrlSetting(field, value));
  if (url.search !== '' || url.hash !== '') {
    throw new UserError(`Invalid value for ${field}: expected a URL without a query or fragment.`, 2);
  }
  return { field, value: url.href.replace(/\/+$/, '') };
}

/** Sign calls per user: each one records a purchase. */
export const MOONPAY_SIGN_RATE_LIMIT = { max: 30, windowMs: 10 * 60_000 };

/** The `address` of a linked account of `type` (wallet, email), or undefined. */
function addressOf(account: LinkedAccountWire, type: string): string | undefined {
  const { address } = account as { address?: unknown };
  return account.type === type && typeof address === 'string' ? address : undefined;
}

/** The address of the user's wallet (embedded or linked) at `address`, any case, as stored (EIP-55). */
function userWallet(user: UserWire, address: string): string | undefined {
  const wanted = address.toLowerCase();
  return user.linked_accounts
    .map((account) => addressOf(account, WALLET_ACCOUNT_TYPE))
    .find((candidate) => candidate?.toLowerCase() === wanted);
}

/** The user's most recently verified email address (§3 `user.email`), if any. */
function userEmail(user: UserWire): string | undefined {
  const verifiedAt = (account: LinkedAccountWire) => account.latest_verified_at ?? account.verified_at;
  const emails = user.linked_accounts.filter((account) => addressOf(account, 'email') !== undefined);
  emails.sort((a, b) => verifiedAt(b) - verifiedAt(a));
  return emails[0] && addressOf(emails[0], 'email');
}

/**
 * Card funding through MoonPay (§4.7, §7): the app's settings, the public part of them in the app
 * configuration, and the signed buy-widget URL of `POST /api/v1/plugins/moonpay_on_ramp/sign`.
 */
export class OnRampService {
  constructor(
    private readonly settings: AppSecrets,
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  /** Sets (or, with null, removes) one MoonPay setting of an app. */
  set(appId: string, field: MoonpayField, value: string | null): Promise<void> {
    return this.settings.set(appId, field, value);
  }

  /** Which MoonPay settings an app has (never their values). */
  configured(appId: string): Promise<string[]> {
    return this.settings.configured(appId, MOONPAY_FIELDS);
  }

  /** `fiat_on_ramp` of the app configuration: nothing secret. */
  async publicConfig(app: App): Promise<FiatOnRampAppConfig> {
    const settings = await this.settings.read(app.id, [
      'moonpay.publishable_key',
      'moonpay.api_url',
      'moonpay.sandbox_api_url',
    ]);
    return {
      provider: FIAT_ON_RAMP_PROVIDER,
      publishable_key: settings['moonpay.publishable_key'] ?? null,
      api_url: app.config.fiat_on_ramp_use_sandbox
        ? (settings['moonpay.sandbox_api_url'] ?? MOONPAY_DEFAULT_URLS.sandboxApi)
        : (settings['moonpay.api_url'] ?? MOONPAY_DEFAULT_URLS.api),
    };
  }

  /** The app configuration with its `fiat_on_ramp` part. */
  async withOnRamp(app: App, wire: AppConfigWire): Promise<AppConfigWire> {
    return { ...wire, fiat_on_ramp: await this.publicConfig(app) };
  }

  /**
   * The signed buy-widget URL for one of the user's wallets, and the random external id the
   * purchase is then known by (recorded with the user and address). Refused unless the app has
   * the on-ramp on (403 fiat_on_ramp_not_enabled) with its keys (503 fiat_on_ramp_unavailable),
   * the mode is the app's (400 invalid_data) and the address is the user's (404 account_not_found).
   */
  async sign(app: App, user: UserWire, body: MoonpaySignBody): Promise<MoonpaySignResponse> {
    if (!app.config.fiat_on_ramp_enabled) throw new ApiError('fiat_on_ramp_not_enabled');
    const settings: MoonpaySettings = await this.settings.read(app.id, MOONPAY_FIELDS);
    const publishableKey = settings['moonpay.publishable_key'];
    const secretKey = settings['moonpay.secret_key'];
    if (!publishableKey || !secretKey) throw new ApiError('fiat_on_ramp_unavailable');
    const sandbox = app.config.fiat_on_ramp_use_sandbox;
    if (body.useSandbox !== sandbox) {
      throw new ApiError(
        'invalid_data',
        `This app's MoonPay keys are for ${sandbox ? 'the sandbox' : 'production'}: useSandbox must be ${sandbox}.`,
      );
    }
    const address = userWallet(user, body.address);
    if (!address) throw new ApiError('account_not_found', "The address is not one of the user's wallets.");
    const externalTransactionId = randomUUID();
    const widgetUrl = sandbox
      ? (settings['moonpay.sandbox_widget_url'] ?? MOONPAY_DEFAULT_URLS.sandboxWidget)
      : (settings['moonpay.widget_url'] ?? MOONPAY_DEFAULT_URLS.widget);
    const { config = {} } = body;
    const url = buildQueryUrl(widgetUrl, [
      ['apiKey', publishableKey],
      ['currencyCode', config.currencyCode ?? FIAT_ON_RAMP_DEFAULT_CURRENCY],
      ['defaultCurrencyCode', config.defaultCurrencyCode],
      ['walletAddress', address],
      ['externalTransactionId', externalTransactionId],
      ['colorCode', config.uiConfig?.accentColor ?? app.config.accent_color ?? DEFAULT_ACCENT_COLOR],
      ['theme', config.uiConfig?.theme ?? DEFAULT_THEME],
      ['email', userEmail(user)],
    ]);
    await this.db
      .insertInto('fiat_on_ramp_purchases')
      .values({
        external_transaction_id: externalTransactionId,
        app_id: app.id,
        user_id: user.id,
        provider: FIAT_ON_RAMP_PROVIDER,
        address,
        use_sandbox: sandbox ? 1 : 0,
        created_at: this.now(),
      })
      .execute();
    return { signedUrl: signMoonpayUrl(url, secretKey), externalTransactionId };
  }
}
