import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { PASSKEY_WINDOW_PATH } from '../../protocol/surface.js';
import { WALLET_FRAME_CONFIG_META, type WalletFrameConfig } from '../../protocol/wallet-frame.js';
import { ApiError } from '../errors.js';
import { appIdSchema } from '../http/fields.js';
import { immutableAssets } from '../http/immutable-assets.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import type { App } from '../services/apps/apps.js';
import type { Services } from '../services/index.js';

/** Longer ids cannot exist; not worth a database lookup. */
const APP_ID_MAX_LENGTH = 64;
/** An origin as the app configuration stores it (normalizeOrigin): scheme, host and port only. */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.\-[\]:]+$/;

/**
 * The frame's Content-Security-Policy: only this app's exact origins may frame it, and it runs
 * only its own scripts and talks only to its own origin (no third-party code at run time).
 */
function walletFrameCsp(allowedOrigins: readonly string[]): string {
  const ancestors = allowedOrigins.filter((origin) => ORIGIN.test(origin));
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors.length > 0 ? ancestors.join(' ') : "'none'"}`,
  ].join('; ');
}

function escapeAttribute(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** The built page with the app's frame configuration as a meta tag (data, not script). */
function withFrameConfig(html: string, config: WalletFrameConfig): string {
  const meta = `<meta name="${WALLET_FRAME_CONFIG_META}" content="${escapeAttribute(JSON.stringify(config))}" />`;
  const at = html.indexOf('</head>');
  if (at < 0) throw new Error('The built frame page has no </head>.');
  return `${html.slice(0, at)}    ${meta}\n  ${html.slice(at)}`;
}

/**
 * The wallet frame (`/apps/:appId/embedded-wallets`), the provider-origin surface (`…/surface`,
 * protocol/surface.ts; it shows the key export too) and the passkey window (`…/passkey`,
 * protocol/passkey-window.ts: the surface's page in a popup), built into `<clientDir>/frame/` by
 * vite.frame.config.ts, and their hashed assets under `/frame/assets/`. The pages carry the same
 * CSP (the passkey window's with `frame-ancestors 'none'`) and the app's frame configuration.
 * Unknown app → 404 app_not_found; no built frame → 404 not_found.
 */
export async function walletFrameRoutes(
  app: SchemaRoutes,
  services: Services,
  clientDir: string,
): Promise<void> {
  const frameDir = join(clientDir, 'frame');
  await app.register(
    fastifyStatic,
    immutableAssets(join(frameDir, 'assets'), '/frame/assets/', {
      'Cross-Origin-Resource-Policy': 'same-origin',
      'X-Content-Type-Options': 'nosniff',
    }),
  );

  async function findApp(appId: string): Promise<App> {
    const found = appId.length <= APP_ID_MAX_LENGTH ? await services.apps.find(appId) : undefined;
    if (!found) throw new ApiError('app_not_found');
    return found;
  }

  async function sendPage(
    reply: FastifyReply,
    found: App,
    page: 'wallet.html' | 'surface.html',
    /** Frame ancestors: the app's origins, or none for a top-level page. */
    ancestors: readonly string[] = found.allowedOrigins,
  ): Promise<string> {
    const html = await readFile(join(frameDir, page), 'utf8').catch(() => undefined);
    if (html === undefined) throw new ApiError('not_found', 'The wallet frame is not built (npm run build).');
    reply
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', walletFrameCsp(ancestors))
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .header('X-Content-Type-Options', 'nosniff');
    return withFrameConfig(html, {
      appId: found.id,
      allowedOrigins: found.allowedOrigins,
      appName: found.name,
      enforceWalletUis: found.config.enforce_wallet_uis,
    });
  }

  app.get('/apps/:appId/embedded-wallets', { schema: appIdSchema }, async (request, reply) =>
    sendPage(reply, await findApp(request.params.appId), 'wallet.html'),
  );
  app.get('/apps/:appId/embedded-wallets/surface', { schema: appIdSchema }, async (request, reply) =>
    sendPage(reply, await findApp(request.params.appId), 'surface.html'),
  );
  // The surface's page as the passkey window, a popup no page may frame. No
  // Cross-Origin-Opener-Policy here (nor anywhere): it would sever the surface that opened it.
  app.get(
    `/apps/:appId/embedded-wallets/${PASSKEY_WINDOW_PATH}`,
    { schema: appIdSchema },
    async (request, reply) => sendPage(reply, await findApp(request.params.appId), 'surface.html', []),
  );
}
