import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_FRAME_CONFIG_META } from '../../src/protocol/wallet-frame.js';
import { buildServer } from '../../src/server/app.js';
import { ORIGIN, PUBLIC_URL, tempDir } from './harness.js';

const OTHER_ORIGIN = 'http://localhost:5173';
const WALLET_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Gatehouse wallet</title>
    <script type="module" crossorigin src="/frame/assets/wallet-abc123.js"></script>
  </head>
  <body></body>
</html>
`;
const SURFACE_HTML = WALLET_HTML.replace('wallet-abc123', 'surface-def456').replace(
  '<body></body>',
  '<body><main id="surface"></main></body>',
);

/** The directives of a Content-Security-Policy header, each with its source list. */
function directives(header: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

/** The frame configuration the server wrote into the page. */
function frameConfigOf(html: string): unknown {
  const match = new RegExp(`<meta name="${WALLET_FRAME_CONFIG_META}" content="([^"]*)"`).exec(html);
  if (!match?.[1]) return undefined;
  return JSON.parse(
    match[1]
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&'),
  );
}

describe('the wallet frame route (/apps/:appId/embedded-wallets)', () => {
  const dir = tempDir();
  let server: FastifyInstance;
  let appId: string;
  let closedAppId: string;

  beforeAll(async () => {
    const clientDir = join(dir.path, 'client');
    mkdirSync(join(clientDir, 'frame', 'assets'), { recursive: true });
    writeFileSync(join(clientDir, 'frame', 'wallet.html'), WALLET_HTML);
    writeFileSync(join(clientDir, 'frame', 'surface.html'), SURFACE_HTML);
    writeFileSync(join(clientDir, 'frame', 'assets', 'wallet-abc123.js'), 'export {};\n');
    server = await buildServer({ databaseUrl: join(dir.path, 'gh.db'), publicUrl: PUBLIC_URL, clientDir });
    appId = (await server.gatehouse.apps.create('Frame "App" <One>', [ORIGIN, OTHER_ORIGIN])).id;
    closedAppId = (await server.gatehouse.apps.create('No origins', [])).id;
  });
  afterAll(async () => {
    await server.close();
    dir.remove();
  });

  for (const [name, path, html] of [
    ['wallet frame', '', WALLET_HTML],
    ['surface', '/surface', SURFACE_HTML],
  ] as const) {
    it(`serves the ${name} framable by exactly the app's origins, with its own scripts only`, async () => {
      const response = await server.inject({ method: 'GET', url: `/apps/${appId}/embedded-wallets${path}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const csp = directives(response.headers['content-security-policy'] as string);
      expect(csp.get('frame-ancestors')?.sort()).toEqual([ORIGIN, OTHER_ORIGIN].sort());
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(response.headers['content-security-policy']).not.toMatch(/unsafe|\*/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBeUndefined();
      // The page as built, plus the app's configuration as data (no inline script).
      // The app's name too, escaped as attribute text (the surface names the recovery file after it).
      expect(frameConfigOf(response.body)).toEqual({
        appId,
        allowedOrigins: csp.get('frame-ancestors'),
        appName: 'Frame "App" <One>',
        // A new app enforces its wallet UIs: every signature approved in the surface.
        enforceWalletUis: true,
      });
      expect(response.body.replace(/\s*<meta name="gatehouse-frame-config"[^>]*>/, '')).toBe(html);
      expect(response.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    });
  }

  it('serves the surface as the passkey window: a top-level page nobody frames, its opener kept', async () => {
    const response = await server.inject({ method: 'GET', url: `/apps/${appId}/embedded-wallets/passkey` });
    expect(response.statusCode).toBe(200);
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    // A Cross-Origin-Opener-Policy would cut it from the surface that opened it.
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.body.replace(/\s*<meta name="gatehouse-frame-config"[^>]*>/, '')).toBe(SURFACE_HTML);
  });

  it('follows a change of the app origins', async () => {
    await server.gatehouse.apps.create('Unrelated', ['https://unrelated.example']);
    const response = await server.inject({ method: 'GET', url: `/apps/${appId}/embedded-wallets` });
    const ancestors = directives(response.headers['content-security-policy'] as string).get(
      'frame-ancestors',
    );
    expect(ancestors).not.toContain('https://unrelated.example');
  });

  it("lets nobody frame an app without origins ('none')", async () => {
    const response = await server.inject({ method: 'GET', url: `/apps/${closedAppId}/embedded-wallets` });
    expect(response.statusCode).toBe(200);
    expect(directives(response.headers['content-security-policy'] as string).get('frame-ancestors')).toEqual([
      "'none'",
    ]);
  });

  it('answers 404 app_not_found for an unknown app, with no page', async () => {
    for (const url of [
      '/apps/unknownappidxxxxxxxxxxxxx/embedded-wallets',
      '/apps/unknownappidxxxxxxxxxxxxx/embedded-wallets/surface',
      `/apps/${'x'.repeat(90)}/embedded-wallets`,
    ]) {
      const response = await server.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'app_not_found' });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('serves the hashed frame assets, same-origin only', async () => {
    const response = await server.inject({ method: 'GET', url: '/frame/assets/wallet-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect((await server.inject({ method: 'GET', url: '/frame/assets/missing.js' })).statusCode).toBe(404);
    // The pages are only served through the app routes (with their CSP), never raw.
    expect((await server.inject({ method: 'GET', url: '/frame/wallet.html' })).statusCode).toBe(404);
  });

  it('answers 404 not_found while the frame is not built', async () => {
    const bare = await buildServer({
      databaseUrl: ':memory:',
      publicUrl: PUBLIC_URL,
      clientDir: join(dir.path, 'empty'),
      secret: 'x'.repeat(40),
    });
    try {
      const id = (await bare.gatehouse.apps.create('Bare', [ORIGIN])).id;
      const response = await bare.inject({ method: 'GET', url: `/apps/${id}/embedded-wallets` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    } finally {
      await bare.close();
    }
  });
});
