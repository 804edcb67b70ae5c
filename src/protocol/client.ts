/**
 * What a host page receives from the widget (§3): the client-side user, the host-side
 * configuration accepted by `LoginWidget.init()`, and the `detail` of the DOM events.
 * Times are `Date`s here; the wire (api.ts) carries unix seconds.
 */
import type { LoginMethod } from './events.js';

export interface EmailAccount {
  type: 'email';
  address: string;
  verifiedAt: Date;
  firstVerifiedAt: Date | null;
  latestVerifiedAt: Date | null;
}

/** The host's own login (custom auth): the `sub` of the host's token. */
export interface CustomAuthAccount {
  type: 'custom_auth';
  customUserId: string;
  verifiedAt: Date;
  firstVerifiedAt: Date | null;
  latestVerifiedAt: Date | null;
}

/** Linked accounts the client understands; other types are dropped with a warning. */
export type LinkedAccount = EmailAccount | CustomAuthAccount;

export type MfaMethod = 'sms' | 'totp';

export interface User {
  id: string;
  createdAt: Date;
  linkedAccounts: LinkedAccount[];
  /** The most recently verified email account, when there is one. */
  email?: { address: string };
  mfaMethods: MfaMethod[];
  hasAcceptedTerms: boolean;
}

export type Theme = 'light' | 'dark';

/** Host-side configuration (§3), the parts the email login uses. Every field is optional. */
export interface HostConfig {
  appearance?: {
    /** URL of the logo shown on the login screen; overrides the app's logo. */
    logo?: string;
    /** `#rgb` or `#rrggbb`; overrides the app's accent colour. */
    accentColor?: string;
    theme?: Theme;
  };
  legal?: {
    termsAndConditionsUrl?: string;
    privacyPolicyUrl?: string;
    requireUsersAcceptTerms?: boolean;
  };
  /** Texts and link of ALLOWLIST_REJECTION_SCREEN, over the app's (§3, §6). */
  allowlistConfig?: {
    errorTitle?: string;
    errorDetail?: string;
    errorCtaText?: string;
    errorCtaLink?: string;
  };
  /** Cloudflare Turnstile before every login initiation (§4.3); overrides the app's captcha_enabled. Needs the app's `t:` site key. */
  captchaEnabled?: boolean;
  /** The host's own login: see CustomAuthConfig. */
  customAuth?: CustomAuthConfig;
  render?: {
    /** Show the modal as a dialog over the page (default) or inline in `inParentNodeId`. */
    inDialog?: boolean;
    inParentNodeId?: string | null;
  };
}

export interface LoginSuccessDetail {
  user: User;
  isNewUser: boolean;
  loginMethod: LoginMethod;
}

export interface LoginErrorDetail {
  code: string;
  message: string;
}

/**
 * Custom auth (§1, §7): the host logs its users in itself and hands the widget its token. While
 * `getCustomAccessToken()` gives a token and nobody is logged in, the widget logs in with it
 * (`custom_jwt_account/authenticate`); when it gives none, the widget logs out.
 */
export interface CustomAuthConfig {
  /** The host's current token for the user (a JWT the provider verifies), or null/undefined when logged out. */
  getCustomAccessToken: () => Promise<string | null | undefined>;
  /** True while the host itself is still finding out whether its user is logged in: the widget waits. */
  isLoading?: boolean;
}
