/**
 * What the frame's passkey flows say in the surface when a passkey cannot open the wallet (in
 * their lazy chunk, apart from texts.ts, which the surface page loads for every review).
 */
export const PASSKEY_TEXTS = {
  wrongPasskey: 'This passkey does not unlock this wallet. Use the passkey that protects it.',
  noPrf: 'This passkey or browser cannot unlock a wallet. Try another browser or device.',
  notYours: 'This passkey is not one of your passkeys. Please try another.',
} as const;
