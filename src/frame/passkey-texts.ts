/**
 * What the frame's passkey flows say in the surface when a passkey cannot open the wallet, by the
 * code the surface knows it by (SurfaceState.code): in their lazy chunk, apart from texts.ts,
 * which the surface page loads for every review.
 */
export const PASSKEY_TEXTS = {
  wrong_passkey: 'This passkey does not unlock this wallet. Use the passkey that protects it.',
  passkey_without_prf: 'This passkey or browser cannot unlock a wallet. Try another browser or device.',
  passkey_not_yours: 'This passkey is not one of your passkeys. Please try another.',
} as const;
