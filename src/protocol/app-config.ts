import type { AppConfigWire, OAuthAppFlags } from './api.js';
import { oauthAppFlags } from './constants.js';

/**
 * The settings of an app: AppConfigWire without what the provider keeps elsewhere (id, name,
 * verification key, allowed origins, times, the on-ramp provider's settings).
 */
export type AppSettings = Omit<
  AppConfigWire,
  'id' | 'name' | 'verification_key' | 'allowed_origins' | 'created_at' | 'updated_at' | 'fiat_on_ramp'
>;

/** A new app: email login on, everything the provider cannot serve yet off (every social login too). */
export const DEFAULT_APP_CONFIG: AppSettings = {
  logo_url: null,
  accent_color: null,
  show_wallet_login_first: false,
  allowlist_config: { error_title: null, error_detail: null, cta_text: null, cta_link: null },
  wallet_auth: false,
  passkey_auth: false,
  email_auth: true,
  sms_auth: false,
  ...(Object.fromEntries(oauthAppFlags().map((flag) => [flag, false])) as OAuthAppFlags),
  farcaster_auth: false,
  terms_and_conditions_url: null,
  privacy_policy_url: null,
  require_users_accept_terms: false,
  embedded_wallet_config: {
    create_on_login: 'off',
    require_user_password_on_create: false,
    no_prompt_on_signature: false,
    recovery: 'default',
  },
  custom_api_url: null,
  wallet_connect_cloud_project_id: null,
  fiat_on_ramp_enabled: false,
  fiat_on_ramp_use_sandbox: false,
  captcha_enabled: false,
  captcha_site_key: null,
  captcha_script_url: null,
  twitter_oauth_on_mobile_enabled: false,
  mfa_methods: [],
  no_prompt_on_mfa_required: false,
  // Every signature approved by the user in the wallet's own surface. Apps made before this
  // default keep what they stored (false): docs/wallets/frame.md says why to turn it on.
  enforce_wallet_uis: true,
  legacy_wallet_ui_config: false,
  session_cookie_domain: null,
};
