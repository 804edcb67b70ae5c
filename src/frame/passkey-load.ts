/**
 * The frame's passkey flows (passkey-chunk.ts), fetched on the first passkey request or step. Only
 * the always-loaded code imports this; the flows share passkey-shared.ts with it instead.
 */
export const loadPasskeys = () => import('./passkey-chunk.js');
