/** Two-step verification's settings (§3, §4.8): the methods the app offers. */
import type { MfaMethod } from '../../protocol/mfa.js';
import type { Context } from '../context.js';

/** The app's `mfa_methods`; null until the app's configuration has arrived. */
export const offeredMfaMethods = (ctx: Context): readonly MfaMethod[] | null =>
  ctx.$appConfig.get()?.mfa_methods ?? null;
