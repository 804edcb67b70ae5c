/** Named screens of the modal (§2.2). One widget file per screen, named after it. */
export const SCREENS = {
  landing: 'LANDING',
  awaitingPasswordlessCode: 'AWAITING_PASSWORDLESS_CODE',
  error: 'ERROR_SCREEN',
  linkEmail: 'LINK_EMAIL_SCREEN',
  linkPhone: 'LINK_PHONE_SCREEN',
  updateEmail: 'UPDATE_EMAIL_SCREEN',
  affirmativeConsent: 'AFFIRMATIVE_CONSENT_SCREEN',
  allowlistRejection: 'ALLOWLIST_REJECTION_SCREEN',
  captcha: 'CAPTCHA_SCREEN',
  awaitingOauth: 'AWAITING_OAUTH_SCREEN',
  inAppBrowserLoginNotPossible: 'IN_APP_BROWSER_LOGIN_NOT_POSSIBLE',
} as const;

export type ScreenName = (typeof SCREENS)[keyof typeof SCREENS];
