/**
 * The console's preview page (CONSOLE_PREVIEW_PATH) as the server answers it: only with the
 * console on, framed by the console's own pages alone (while those are never framed and may frame
 * it), under the console's nonce rules.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_PREVIEW_PATH } from '../../src/protocol/console-preview.js';
import { freePort } from '../support/provider.js';
import { type Harness, PUBLIC_URL, startHarness } from './harness.js';

const PAGE = '<html><head></head><body></body></html>';
let clientDir: string;
let on: Harness;
let off: Harness;
beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'gatehouse-preview-'));
  mkdirSync(join(clientDir, 'console/assets'), { recursive: true });
  writeFileSync(join(clientDir, 'console/index.html'), PAGE);
  writeFileSync(join(clientDir, 'console/preview.html'), PAGE);
  on = await startHarness({ console: true, clientDir });
  off = await startHarness({ clientDir });
});
afterAll(async () => {
  await on?.close();
  await off?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the console preview page', () => {
  it('is framed by the console pages alone, which may frame it and nothing else', async () => {
    const preview = await on.inject({ method: 'GET', url: CONSOLE_PREVIEW_PATH });
    expect(preview.statusCode).toBe(200);
    const csp = String(preview.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(preview.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);

    const pages = await on.inject({ method: 'GET', url: '/console/' });
    const pagesCsp = String(pages.headers['content-security-policy']);
    expect(pagesCsp).toContain("frame-src 'self'");
    expect(pagesCsp).toContain("frame-ancestors 'none'");
    expect(pages.headers['x-frame-options']).toBe('DENY');
  });

  it("on the console's own port, runs the loader and widget from the API's origin", async () => {
    const port = await freePort();
    const apart = await startHarness({ consolePort: port, host: '127.0.0.1', clientDir });
    try {
      const preview = await fetch(`http://127.0.0.1:${port}${CONSOLE_PREVIEW_PATH}`);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-security-policy')).toContain(`script-src 'self' ${PUBLIC_URL};`);
      expect(await preview.text()).toContain(`<meta property="gatehouse-api-url" content="${PUBLIC_URL}" />`);
    } finally {
      await apart.close();
    }
  });

  it('answers 404 while the console is off', async () => {
    expect((await off.inject({ method: 'GET', url: CONSOLE_PREVIEW_PATH })).statusCode).toBe(404);
  });
});
