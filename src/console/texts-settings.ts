/** The texts of an app's settings beyond the everyday ones of texts.ts. */
export const SETTINGS_TEXT = {
  walletsFirst: 'Wallets first on LANDING',
} as const;
