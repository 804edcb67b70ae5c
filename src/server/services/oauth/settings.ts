import { createPrivateKey } from 'node:crypto';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../../protocol/constants.js';
import { UserError } from '../../errors.js';
import { httpUrlSetting, serverOnlyAssignment } from '../apps/app-secrets.js';
import type { ProviderSettings } from './types.js';

/** Per-provider settings an app can hold, all server-only (`oauth.<provider>.<field>`). */
export const SETTING_FIELDS = [
  'client_id',
  'client_secret',
  'authorization_url',
  'token_url',
  'userinfo_url',
  'issuer',
  'jwks_url',
  'team_id',
  'key_id',
  'private_key',
] as const satisfies readonly (keyof ProviderSettings)[];
type SettingField = (typeof SETTING_FIELDS)[number];

const URL_FIELDS = new Set<SettingField>(['authorization_url', 'token_url', 'userinfo_url', 'jwks_url']);
const ID_PATTERN = /^[\x21-\x7e]{1,512}$/;

/** One line of `gatehouse --help`. */
export const OAUTH_SETTING_HELP = `oauth.<${OAUTH_PROVIDERS.join('|')}>.<${SETTING_FIELDS.join('|')}>`;

/** The app_secrets name of one setting: `oauth.google.client_secret`. */
export const settingName = (provider: OAuthProvider, field: SettingField): string =>
  `oauth.${provider}.${field}`;

/** Every setting name of every provider. */
export const ALL_SETTING_NAMES: readonly string[] = OAUTH_PROVIDERS.flatMap((provider) =>
  SETTING_FIELDS.map((field) => settingName(provider, field)),
);

function invalid(name: string, expected: string): never {
  throw new UserError(`Invalid value for ${name}: expected ${expected}, or null.`, 2);
}

function parseValue(name: string, field: SettingField, text: string): string {
  if (URL_FIELDS.has(field)) return httpUrlSetting(name, text);
  if (field === 'issuer') {
    // Compared as written with the id_token's iss, so kept as given (no trailing slash added).
    httpUrlSetting(name, text);
    return text;
  }
  if (field === 'private_key') {
    // A PEM on one command-line argument may come with its line breaks written as \n.
    const pem = text.replace(/\\n/g, '\n').trim();
    try {
      const key = createPrivateKey(pem);
      if (key.asymmetricKeyType === 'ec') return `${pem}\n`;
    } catch {}
    return invalid(name, "the PKCS#8 PEM of Apple's Sign in with Apple key (an EC P-256 private key)");
  }
  if (!ID_PATTERN.test(text)) return invalid(name, 'a printable value without spaces');
  return text;
}

/** `oauth.<provider>.<field>=<value>` from the CLI; undefined for any other field. */
export function parseOAuthAssignment(argument: string): { field: string; value: string | null } | undefined {
  const name = argument.slice(0, Math.max(argument.indexOf('='), 0)).trim();
  if (!name.startsWith('oauth.')) return undefined;
  const setting = serverOnlyAssignment(argument, ALL_SETTING_NAMES);
  if (!setting) {
    throw new UserError(
      `Unknown field '${name}': use oauth.<${OAUTH_PROVIDERS.join('|')}>.<${SETTING_FIELDS.join('|')}>.`,
      2,
    );
  }
  if (setting.value === null) return setting;
  return { field: name, value: parseValue(name, name.split('.')[2] as SettingField, setting.value) };
}
