/** Warnings about the host's login-method configuration (§5), from the lazily loaded login-config check. */
export const LOGIN_CONFIG_MESSAGES = {
  loginMethodsConflict:
    'loginMethods and loginMethodsAndOrder should not both be set; loginMethodsAndOrder is used.',
  walletListConflict:
    'appearance.walletList and loginMethodsAndOrder should not both be set; the wallets of loginMethodsAndOrder are used.',
  tooManyPrimaryLoginMethods: (count: number) =>
    `loginMethodsAndOrder.primary lists ${count} methods; at most 4 are recommended, the rest go under 'More options'.`,
  duplicateLoginMethod: (method: string) =>
    `Dropped duplicate login method "${method}" from the configuration.`,
  unknownLoginMethod: (method: string) => `Ignoring unknown login method "${method}".`,
} as const;
