import type { Context } from '../context.js';

/** Logs out (§4.1): whatever the modal was doing ends, the server is told, local state is cleared. */
export async function logout(ctx: Context): Promise<void> {
  ctx.modal.logout();
  await ctx.session.logout();
}
