/** The frame's passkey flows, in a chunk of their own (passkey-shared.ts loadPasskeys). */
export { passkeySealer } from './passkey-create.js';
export { passkeyHandlers } from './passkey-handlers.js';
export { enrollPasskeyMfa, passkeyMfaVerification } from './passkey-mfa.js';
export { openPasskeyRecovery } from './passkey-recovery.js';
export { passkeyApproval } from './passkey-step-up.js';
