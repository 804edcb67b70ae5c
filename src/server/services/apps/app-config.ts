import type { CreateOnLogin } from '../../../protocol/api.js';
import { type AppSettings, DEFAULT_APP_CONFIG } from '../../../protocol/app-config.js';
import { CAPTCHA_SITE_KEY_PREFIX } from '../../../protocol/constants.js';
import { WALLET_RECOVERY_SETTINGS } from '../../../protocol/embedded-wallet.js';
import { MFA_METHODS } from '../../../protocol/mfa.js';
import { UserError } from '../../errors.js';

/** The part of AppConfigWire kept as JSON in `apps.config`; the rest comes from columns and tables. */
export type StoredAppConfig = AppSettings;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Stored JSON over the defaults, so fields added by later versions read back with their default. */
export function readStoredConfig(json: string): StoredAppConfig {
  const stored: unknown = JSON.parse(json);
  const merged: JsonObject = structuredClone(DEFAULT_APP_CONFIG) as unknown as JsonObject;
  if (!isObject(stored)) return merged as unknown as StoredAppConfig;
  for (const [key, fallback] of Object.entries(merged)) {
    if (!(key in stored)) continue;
    merged[key] = isObject(fallback) && isObject(stored[key]) ? { ...fallback, ...stored[key] } : stored[key];
  }
  return merged as unknown as StoredAppConfig;
}

/** `new URL(x).origin` of an http(s) URL, or a UserError. */
export function normalizeOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new UserError(`Invalid origin '${value}': expected a URL such as https://example.com.`, 2);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UserError(`Invalid origin '${value}': only http and https origins can be allowed.`, 2);
  }
  return url.origin;
}

const APP_NAME_MAX_LENGTH = 100;
const TEXT_MAX_LENGTH = 500;
const CREATE_ON_LOGIN: readonly CreateOnLogin[] = ['off', 'all-users', 'users-without-wallets'];

export function checkAppName(value: string): string {
  const name = value.trim();
  if (name === '' || name.length > APP_NAME_MAX_LENGTH) {
    throw new UserError(`The app name must be 1 to ${APP_NAME_MAX_LENGTH} characters.`, 2);
  }
  return name;
}

/** Parses the text after `field=` into the field's value, or throws a UserError saying what is expected. */
type ValueParser = (text: string) => unknown;

const nullable =
  (parse: (text: string) => unknown): ValueParser =>
  (text) =>
    text === '' || text === 'null' ? null : parse(text);

const booleanValue: ValueParser = (text) => {
  if (text === 'true' || text === 'false') return text === 'true';
  throw new Error('expected true or false');
};

const urlValue = nullable((text) => {
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {}
  throw new Error('expected an http(s) URL, or null');
});

const textValue = nullable((text) => {
  if (text.length <= TEXT_MAX_LENGTH) return text;
  throw new Error(`expected at most ${TEXT_MAX_LENGTH} characters, or null`);
});

const colorValue = nullable((text) => {
  if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(text)) return text;
  throw new Error('expected a hex colour such as #676FFF, or null');
});

/** `t:<Turnstile site key>`, the form the widget expects (§5). */
const siteKeyValue = nullable((text) => {
  const key = text.startsWith(CAPTCHA_SITE_KEY_PREFIX) ? text.slice(CAPTCHA_SITE_KEY_PREFIX.length) : '';
  if (/^[\w.-]{1,200}$/.test(key)) return text;
  throw new Error(`expected a Turnstile site key written ${CAPTCHA_SITE_KEY_PREFIX}<site key>, or null`);
});

const oneOf =
  (allowed: readonly string[]): ValueParser =>
  (text) => {
    if (allowed.includes(text)) return text;
    throw new Error(`expected one of ${allowed.join(', ')}`);
  };

const listOf =
  (allowed: readonly string[]): ValueParser =>
  (text) => {
    const items = [
      ...new Set(
        text
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    ];
    const wrong = items.find((item) => !allowed.includes(item));
    if (wrong === undefined) return items;
    throw new Error(`expected a comma-separated list of ${allowed.join(', ')}`);
  };

const originsValue: ValueParser = (text) => [
  ...new Set(
    text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .map(normalizeOrigin),
  ),
];

/** A registrable domain such as shop.example (lowercase DNS labels, at least two). */
const cookieDomainValue = nullable((text) => {
  const domain = text.toLowerCase().replace(/^\./, '');
  if (/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9]$/.test(domain)) return domain;
  throw new Error('expected the domain the provider and the host pages share, such as shop.example, or null');
});

const nameValue: ValueParser = (text) => checkAppName(text);

/** Settable fields that are not plain booleans; every boolean of DEFAULT_APP_CONFIG is settable too. */
const NON_BOOLEAN_FIELDS: Record<string, ValueParser> = {
  name: nameValue,
  allowed_origins: originsValue,
  logo_url: urlValue,
  accent_color: colorValue,
  'allowlist_config.error_title': textValue,
  'allowlist_config.error_detail': textValue,
  'allowlist_config.cta_text': textValue,
  'allowlist_config.cta_link': urlValue,
  terms_and_conditions_url: urlValue,
  privacy_policy_url: urlValue,
  'embedded_wallet_config.create_on_login': oneOf(CREATE_ON_LOGIN),
  'embedded_wallet_config.recovery': oneOf(WALLET_RECOVERY_SETTINGS),
  custom_api_url: urlValue,
  wallet_connect_cloud_project_id: textValue,
  captcha_site_key: siteKeyValue,
  captcha_script_url: urlValue,
  mfa_methods: listOf(MFA_METHODS),
  session_cookie_domain: cookieDomainValue,
};

function booleanFields(config: JsonObject, prefix = ''): string[] {
  return Object.entries(config).flatMap(([key, value]) => {
    if (typeof value === 'boolean') return [`${prefix}${key}`];
    return isObject(value) ? booleanFields(value, `${prefix}${key}.`) : [];
  });
}

const FIELD_PARSERS: Record<string, ValueParser> = {
  ...Object.fromEntries(
    booleanFields(DEFAULT_APP_CONFIG as unknown as JsonObject).map((field) => [field, booleanValue]),
  ),
  ...NON_BOOLEAN_FIELDS,
};

export const SETTABLE_FIELDS: readonly string[] = Object.keys(FIELD_PARSERS).sort();

/** Other names the CLI accepts for a field (the issue's `mfa.methods=sms,totp`). */
const FIELD_ALIASES: Readonly<Record<string, string>> = {
  'mfa.methods': 'mfa_methods',
  'mfa.no_prompt_on_mfa_required': 'no_prompt_on_mfa_required',
};

export interface FieldAssignment {
  /** snake_case path into AppConfigWire, nested with dots. */
  field: string;
  value: unknown;
}

/** `field=value` as typed on the command line. */
export function parseAssignment(argument: string): FieldAssignment {
  const equals = argument.indexOf('=');
  if (equals <= 0) throw new UserError(`Expected <field>=<value>, got '${argument}'.`, 2);
  const typed = argument.slice(0, equals).trim();
  const field = FIELD_ALIASES[typed] ?? typed;
  const parse = FIELD_PARSERS[field];
  if (parse === undefined) {
    throw new UserError(`Unknown field '${field}'. Settable fields: ${SETTABLE_FIELDS.join(', ')}.`, 2);
  }
  try {
    return { field, value: parse(argument.slice(equals + 1).trim()) };
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(`Invalid value for ${field}: ${(error as Error).message}.`, 2);
  }
}

/** A copy of the stored config with the assignment applied (name and origins are not stored here). */
export function applyToStoredConfig(
  config: StoredAppConfig,
  { field, value }: FieldAssignment,
): StoredAppConfig {
  const copy = structuredClone(config) as unknown as JsonObject;
  const path = field.split('.');
  const last = path.pop() as string;
  let target = copy;
  for (const key of path) target = target[key] as JsonObject;
  target[last] = value;
  return copy as unknown as StoredAppConfig;
}
