import { createPrivateKey } from 'node:crypto';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../../protocol/constants.js';
import { UserError } from '../../errors.js';
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
  if (URL_FIELDS.has(field) || field === 'issuer') {
    try {
      const url = new URL(text);
      if (url.protocol === 'https:' || url.protocol === 'http:') return field === 'issuer' ? text : url.href;
    } catch {}
    return invalid(name, 'an http(s) URL');
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
  const equals = argument.indexOf('=');
  const name = argument.slice(0, Math.max(equals, 0)).trim();
  const [prefix, provider, field, ...rest] = name.split('.');
  if (prefix !== 'oauth' || equals < 0) return undefined;
  if (!(OAUTH_PROVIDERS as readonly string[]).includes(provider ?? '') || rest.length > 0) {
    throw new UserError(`Unknown field '${name}': use oauth.<${OAUTH_PROVIDERS.join('|')}>.<field>.`, 2);
  }
  if (!(SETTING_FIELDS as readonly string[]).includes(field ?? '')) {
    throw new UserError(`Unknown field '${name}'. OAuth fields: ${SETTING_FIELDS.join(', ')}.`, 2);
  }
  const text = argument.slice(equals + 1).trim();
  if (text === '' || text === 'null') return { field: name, value: null };
  return { field: name, value: parseValue(name, field as SettingField, text) };
}
