/**
 * The settings of `gatehouse apps set` beyond the everyday ones (AppSettings.tsx), in the groups
 * the app's page shows them in, by the names the settings API takes. Server-only settings are
 * write-only: the API names those the app has and never answers their values.
 */
import { OAUTH_PROVIDERS } from '../protocol/constants.js';
import { CREATE_ON_LOGIN_VALUES, WALLET_RECOVERY_SETTINGS } from '../protocol/embedded-wallet.js';
import { MFA_METHODS } from '../protocol/mfa.js';

/**
 * A field's kind: a switch, a text the configuration holds, one of `choices`, the MFA methods (a
 * list), or a server-only setting (`hidden` for a secret, typed into a password field).
 */
export type FieldKind = 'switch' | 'text' | 'choice' | 'list' | 'serverOnly' | 'secret';

export interface SettingField {
  field: string;
  kind: FieldKind;
  choices?: readonly string[];
}

export interface SettingGroup {
  id: string;
  fields: readonly SettingField[];
}

const sw = (field: string): SettingField => ({ field, kind: 'switch' });
const text = (field: string): SettingField => ({ field, kind: 'text' });
const serverOnly = (field: string): SettingField => ({ field, kind: 'serverOnly' });
const secret = (field: string): SettingField => ({ field, kind: 'secret' });

/** An identity provider's credentials (`oauth.<provider>.<field>`); Apple signs with a key of its own. */
const oauthFields = OAUTH_PROVIDERS.flatMap((provider) => [
  serverOnly(`oauth.${provider}.client_id`),
  secret(`oauth.${provider}.client_secret`),
  ...(provider === 'apple'
    ? [serverOnly('oauth.apple.team_id'), serverOnly('oauth.apple.key_id'), secret('oauth.apple.private_key')]
    : []),
]);

export const SETTING_GROUPS: readonly SettingGroup[] = [
  {
    id: 'allowlist',
    fields: [
      { field: 'allowlist.enabled', kind: 'serverOnly', choices: ['true', 'false'] },
      serverOnly('allowlist.emails'),
      serverOnly('allowlist.email_domains'),
      serverOnly('allowlist.phone_numbers'),
      serverOnly('allowlist.wallet_addresses'),
      text('allowlist_config.error_title'),
      text('allowlist_config.error_detail'),
      text('allowlist_config.cta_text'),
      text('allowlist_config.cta_link'),
    ],
  },
  {
    id: 'captcha',
    fields: [
      sw('captcha_enabled'),
      text('captcha_site_key'),
      secret('captcha_secret_key'),
      text('captcha_script_url'),
      serverOnly('captcha_verify_url'),
    ],
  },
  {
    id: 'sms',
    fields: [
      serverOnly('twilio_account_sid'),
      secret('twilio_auth_token'),
      serverOnly('twilio_from'),
      serverOnly('twilio_messaging_service_sid'),
    ],
  },
  { id: 'oauth', fields: [sw('twitter_oauth_on_mobile_enabled'), ...oauthFields] },
  {
    id: 'funding',
    fields: [
      sw('fiat_on_ramp_enabled'),
      sw('fiat_on_ramp_use_sandbox'),
      serverOnly('moonpay.publishable_key'),
      secret('moonpay.secret_key'),
    ],
  },
  {
    id: 'farcaster',
    fields: [
      serverOnly('farcaster.fid'),
      secret('farcaster.custody_key'),
      serverOnly('farcaster.relay_url'),
      serverOnly('farcaster.rpc_url'),
      serverOnly('farcaster.signer_api_url'),
      serverOnly('farcaster.hub_url'),
      secret('farcaster.hub_api_key'),
    ],
  },
  {
    id: 'mfa',
    fields: [{ field: 'mfa_methods', kind: 'list', choices: MFA_METHODS }, sw('no_prompt_on_mfa_required')],
  },
  {
    id: 'wallet',
    fields: [
      { field: 'embedded_wallet_config.create_on_login', kind: 'choice', choices: CREATE_ON_LOGIN_VALUES },
      { field: 'embedded_wallet_config.recovery', kind: 'choice', choices: WALLET_RECOVERY_SETTINGS },
      sw('embedded_wallet_config.require_user_password_on_create'),
      sw('embedded_wallet_config.no_prompt_on_signature'),
      sw('enforce_wallet_uis'),
      sw('legacy_wallet_ui_config'),
      text('wallet_connect_cloud_project_id'),
    ],
  },
  { id: 'session', fields: [text('session_cookie_domain'), text('custom_api_url')] },
  { id: 'legal', fields: [sw('require_users_accept_terms')] },
];

/** Every field of the groups. */
export const MORE_FIELDS: readonly SettingField[] = SETTING_GROUPS.flatMap((group) => group.fields);

/** Whether the API never answers the field's value. */
export const isWriteOnly = ({ kind }: SettingField): boolean => kind === 'serverOnly' || kind === 'secret';

/** The form's key of a write-only field's "remove it" switch. */
export const clearKey = (field: string): string => `${field}#clear`;
