import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CONSOLE_ASSETS_PATH,
  CONSOLE_LINK_EXPIRED_QUERY,
  CONSOLE_NONCE_META,
  CONSOLE_PAGE_PATH,
} from '../../protocol/console.js';
import { CONSOLE_PREVIEW_API_META, CONSOLE_PREVIEW_PATH } from '../../protocol/console-preview.js';
import { ApiError } from '../errors.js';
import { immutableAssets } from './immutable-assets.js';

/**
 * The pages' Content-Security-Policy: only their own hashed scripts, no inline script, styles
 * only in the <style> carrying this answer's nonce, requests only to their own origin, never framed.
 */
function consoleCsp(nonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "connect-src 'self'",
    "img-src 'self' data:",
    // The login modal's preview (CONSOLE_PREVIEW_PATH), a page of the console's own origin.
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The preview page's: the console's, but framed by the console's pages alone, running the loader
 * and widget from the API's origin, and showing an app's logo from wherever its URL points.
 */
function previewCsp(nonce: string, apiOrigin?: string): string {
  return [
    "default-src 'none'",
    apiOrigin ? `script-src 'self' ${apiOrigin}` : "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "connect-src 'self'",
    'img-src * data:',
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** A browser opening a page (a link clicked or pasted), not a script reading JSON. */
export function isNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (mode !== undefined) return mode === 'navigate';
  return (request.headers.accept ?? '').includes('text/html');
}

/** Where a used or expired link opened in a browser lands: the pages, saying the link no longer works. */
export function linkExpiredPage(publicUrl: string): string {
  const { name, value } = CONSOLE_LINK_EXPIRED_QUERY;
  return `${publicUrl}${CONSOLE_PAGE_PATH}?${name}=${value}`;
}

/**
 * The console's pages (`/console/`, built into `<clientDir>/console/` by vite.console.config.ts)
 * and their hashed scripts under `/console/assets/`, in the console's scope: off, on its own port
 * or on the API's by the same rules as its API. Each page answer has a fresh CSP nonce, handed to
 * the page in a meta tag for the <style> emotion writes into. No built pages → 404 not_found.
 */
export async function consolePages(
  scope: FastifyInstance,
  clientDir: string,
  apiUrl?: string,
): Promise<void> {
  const dir = join(clientDir, 'console');
  await scope.register(
    fastifyStatic,
    immutableAssets(join(dir, 'assets'), CONSOLE_ASSETS_PATH, {
      'Cross-Origin-Resource-Policy': 'same-origin',
    }),
  );
  const page = async (file: string, csp: (nonce: string) => string, frame: string, metas = '') => {
    const html = await readFile(join(dir, file), 'utf8').catch(() => undefined);
    if (html === undefined) throw new ApiError('not_found', 'The console is not built (npm run build).');
    const nonce = randomBytes(16).toString('base64');
    const headers = {
      'Content-Security-Policy': csp(nonce),
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': frame,
    };
    const meta = `<meta property="${CONSOLE_NONCE_META}" nonce="${nonce}" />\n  ${metas}`;
    return { headers, html: html.replace('</head>', `${meta}</head>`) };
  };
  scope.get(CONSOLE_PAGE_PATH, async (_request, reply) => {
    const { headers, html } = await page('index.html', consoleCsp, 'DENY');
    return reply.type('text/html; charset=utf-8').headers(headers).send(html);
  });
  scope.get(CONSOLE_PREVIEW_PATH, async (_request, reply) => {
    const api = apiUrl ? `<meta property="${CONSOLE_PREVIEW_API_META}" content="${apiUrl}" />\n  ` : '';
    const csp = (nonce: string) => previewCsp(nonce, apiUrl && new URL(apiUrl).origin);
    const { headers, html } = await page('preview.html', csp, 'SAMEORIGIN', api);
    return reply.type('text/html; charset=utf-8').headers(headers).send(html);
  });
}
