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

/** Linked accounts the client understands; other types are dropped with a warning. */
export type LinkedAccount = EmailAccount;

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
