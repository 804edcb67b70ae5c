/**
 * The app configuration at start (§3). The loader sends its GET beside the widget's files, as a
 * CORS simple request (no custom header, so no preflight); the client reads that answer and asks
 * again itself (its own headers, retries and error codes) only when it failed. The last answer is
 * kept per API and app: the next load starts from it at once and applies the fresh one when it
 * arrives (stale-while-revalidate).
 */
import { API_PATHS, type AppConfigWire } from '../../protocol/api.js';
import { STORAGE_KEYS } from '../../protocol/constants.js';
import type { Context } from '../context.js';
import * as CODES from '../errors/codes.js';
import { GatehouseError, toGatehouseError } from '../errors/gatehouse-error.js';
import { MESSAGES } from '../errors/messages.js';

const cacheKey = (ctx: Context) => `${STORAGE_KEYS.appConfig}:${ctx.api.apiUrl}:${ctx.appId}`;

function readCached(ctx: Context): AppConfigWire | null {
  try {
    const value: unknown = JSON.parse(ctx.storage.getItem(cacheKey(ctx)) ?? 'null');
    return value && typeof value === 'object' && (value as AppConfigWire).id === ctx.appId
      ? (value as AppConfigWire)
      : null;
  } catch {
    return null;
  }
}

async function fetchAppConfig(ctx: Context): Promise<AppConfigWire> {
  const early = await ctx.options.appConfig?.catch(() => undefined);
  if (early?.ok) {
    try {
      return (await early.json()) as AppConfigWire;
    } catch {
      // not JSON: ask again below
    }
  }
  return ctx.api.get<AppConfigWire>(API_PATHS.app(ctx.appId));
}

/** A failure says which app it was about, except an unreachable provider: the one clear error. */
function explain(ctx: Context, error: unknown): GatehouseError {
  const failure = toGatehouseError(error);
  if (failure.code === CODES.providerUnreachable) return failure;
  return new GatehouseError({
    type: failure.type,
    code: failure.code,
    status: failure.status,
    message: MESSAGES.appConfigFailed(ctx.appId, failure.message),
    details: failure,
  });
}

/** Settles once a configuration is in `ctx.$appConfig`: the kept one at once, else the provider's. */
export async function loadAppConfig(ctx: Context): Promise<void> {
  const stale = readCached(ctx);
  const fresh = fetchAppConfig(ctx).then((config) => {
    const text = JSON.stringify(config);
    if (!stale || text !== JSON.stringify(stale)) ctx.$appConfig.set(config);
    ctx.storage.setItem(cacheKey(ctx), text);
  });
  if (!stale) {
    await fresh.catch((error: unknown) => {
      throw explain(ctx, error);
    });
    return;
  }
  ctx.$appConfig.set(stale);
  // The app may be gone or moved: the next load asks the provider first and reports what it says.
  fresh.catch((error: unknown) => {
    if (toGatehouseError(error).code !== CODES.providerUnreachable) ctx.storage.removeItem(cacheKey(ctx));
  });
}
