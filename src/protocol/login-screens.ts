/**
 * The screens the widget's every-page code names (the modal's state, the host's methods, a login's
 * failure), in a module of their own so that every page carries these names and not the whole of
 * SCREENS (screens.ts), which spreads them into the rest.
 */
export const LOGIN_SCREENS = {
  landing: 'LANDING',
  error: 'ERROR_SCREEN',
  linkEmail: 'LINK_EMAIL_SCREEN',
  linkPhone: 'LINK_PHONE_SCREEN',
  updateEmail: 'UPDATE_EMAIL_SCREEN',
  affirmativeConsent: 'AFFIRMATIVE_CONSENT_SCREEN',
  allowlistRejection: 'ALLOWLIST_REJECTION_SCREEN',
  captcha: 'CAPTCHA_SCREEN',
  awaitingOauth: 'AWAITING_OAUTH_SCREEN',
} as const;
