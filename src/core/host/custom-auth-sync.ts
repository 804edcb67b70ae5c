import type { Context } from '../context.js';
import { lazy } from '../lazy.js';
import { loginSettings } from '../settings/login.js';

const syncs = new WeakMap<Context, () => Promise<import('../login/custom-auth.js').CustomAuthSync>>();

function syncOf(ctx: Context) {
  let load = syncs.get(ctx);
  if (!load) {
    load = lazy(() =>
      import('../login/custom-auth.js').then(
        ({ CustomAuthSync }) =>
          new CustomAuthSync(ctx, { page: typeof window === 'undefined' ? undefined : window }),
      ),
    );
    syncs.set(ctx, load);
  }
  return load();
}

/**
 * Custom auth: checks the host's token now (it also re-checks on focus, visibility and an interval,
 * login/custom-auth.ts). Its code loads the first time a host configures customAuth.
 */
export async function syncCustomAuth(ctx: Context): Promise<void> {
  if (!loginSettings(ctx).customAuth) return;
  await (await syncOf(ctx)).sync();
}

/** Stops the custom-auth re-checks (focus, visibility, interval). */
export async function stopCustomAuth(ctx: Context): Promise<void> {
  if (syncs.has(ctx)) (await syncOf(ctx)).stop();
}
