/** Passkeys' settings (§3): whether the app lets people log in and sign up with a passkey. */
import type { Context } from '../context.js';

/** `passkey_auth`: log in and sign up with a passkey (a link needs no setting). */
export const passkeyLoginOn = (ctx: Context): boolean => ctx.$appConfig.get()?.passkey_auth === true;
