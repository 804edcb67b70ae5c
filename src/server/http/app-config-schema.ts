/**
 * The response schema of `GET /api/v1/apps/:appId` (protocol/api.ts's AppConfigWire). The stored
 * configuration is read back over its defaults (services/apps/app-config.ts) and the on-ramp's part is
 * always added, so every field is always there; a field left out here would be dropped.
 */
import { oauthAppFlags } from '../../protocol/constants.js';
import { MFA_METHODS } from '../../protocol/mfa.js';

const TEXT = { type: ['string', 'null'] } as const;
const FLAG = { type: 'boolean' } as const;

const FLAGS = [
  'show_wallet_login_first',
  'wallet_auth',
  'passkey_auth',
  'email_auth',
  'sms_auth',
  ...oauthAppFlags(),
  'farcaster_auth',
  'require_users_accept_terms',
  'fiat_on_ramp_enabled',
  'fiat_on_ramp_use_sandbox',
  'captcha_enabled',
  'twitter_oauth_on_mobile_enabled',
  'no_prompt_on_mfa_required',
  'enforce_wallet_uis',
  'legacy_wallet_ui_config',
] as const;

const TEXTS = [
  'logo_url',
  'accent_color',
  'terms_and_conditions_url',
  'privacy_policy_url',
  'custom_api_url',
  'wallet_connect_cloud_project_id',
  'captcha_site_key',
  'captcha_script_url',
  'session_cookie_domain',
] as const;

const properties = {
  id: { type: 'string' },
  name: { type: 'string' },
  verification_key: {
    type: 'string',
    description: "ES256 public key (SPKI PEM) of the app's access tokens.",
  },
  ...Object.fromEntries(FLAGS.map((name) => [name, FLAG])),
  ...Object.fromEntries(TEXTS.map((name) => [name, TEXT])),
  allowlist_config: {
    type: 'object',
    required: ['error_title', 'error_detail', 'cta_text', 'cta_link'],
    properties: { error_title: TEXT, error_detail: TEXT, cta_text: TEXT, cta_link: TEXT },
    additionalProperties: false,
  },
  embedded_wallet_config: {
    type: 'object',
    required: ['create_on_login', 'require_user_password_on_create', 'no_prompt_on_signature', 'recovery'],
    properties: {
      create_on_login: { type: 'string', enum: ['off', 'all-users', 'users-without-wallets'] },
      require_user_password_on_create: FLAG,
      no_prompt_on_signature: FLAG,
      recovery: { type: 'string', enum: ['default', 'passkey'] },
    },
    additionalProperties: false,
  },
  fiat_on_ramp: {
    type: 'object',
    description: "Card funding's provider; publishable_key is null until the operator sets one.",
    required: ['provider', 'publishable_key', 'api_url'],
    properties: { provider: { type: 'string' }, publishable_key: TEXT, api_url: { type: 'string' } },
    additionalProperties: false,
  },
  mfa_methods: { type: 'array', items: { type: 'string', enum: MFA_METHODS } },
  allowed_origins: { type: 'array', items: { type: 'string' } },
  created_at: { type: 'integer', description: 'Unix seconds.' },
  updated_at: { type: 'integer', description: 'Unix seconds.' },
};

/** AppConfigWire: typed loosely for the handler (json-schema-to-ts cannot read the spread lists). */
export const APP_CONFIG: { readonly [keyword: string]: unknown } = {
  type: 'object',
  required: Object.keys(properties),
  properties,
  additionalProperties: false,
};
