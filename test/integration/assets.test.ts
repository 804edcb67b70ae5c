import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDK_VERSION } from '../../src/protocol/version.js';
import { buildServer } from '../../src/server/app.js';
import { PUBLIC_URL, tempDir } from './harness.js';

const LOADER = '(function(){window.LoginWidget={};})();\n';
const WIDGET = 'export const mount = () => {};\n';

describe('static client assets', () => {
  const dir = tempDir();
  let server: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    const clientDir = join(dir.path, 'client');
    mkdirSync(join(clientDir, 'widget', SDK_VERSION, 'chunks'), { recursive: true });
    writeFileSync(join(clientDir, 'loader.js'), LOADER);
    writeFileSync(join(clientDir, 'widget', SDK_VERSION, 'widget.js'), WIDGET);
    writeFileSync(join(clientDir, 'widget', SDK_VERSION, 'chunks', 'screen-abc.js'), 'export default 1;\n');
    writeFileSync(join(clientDir, 'widget', SDK_VERSION, '.secret'), 'hidden');
    // The build's compressed copies (scripts/precompress.mjs) of the loader and one chunk.
    writeFileSync(join(clientDir, 'loader.js.br'), brotliCompressSync(LOADER));
    writeFileSync(join(clientDir, 'widget', SDK_VERSION, 'widget.js.br'), brotliCompressSync(WIDGET));
    writeFileSync(join(clientDir, 'widget', SDK_VERSION, 'widget.js.gz'), gzipSync(WIDGET));
    server = await buildServer({ databaseUrl: join(dir.path, 'gh.db'), publicUrl: PUBLIC_URL, clientDir });
    base = await server.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server.close();
    dir.remove();
  });

  it('serves /loader.js as JavaScript with a five-minute cache', async () => {
    const response = await fetch(`${base}/loader.js`, { headers: { origin: 'https://host.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toBe(LOADER);
  });

  it('serves the loader pinned to the major version (/v0/loader.js, short cache) and to the exact version (immutable)', async () => {
    const major = SDK_VERSION.split('.')[0];
    const pinned = await fetch(`${base}/v${major}/loader.js`);
    expect(pinned.status).toBe(200);
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=300');
    expect(pinned.headers.get('access-control-allow-origin')).toBe('*');
    expect(await pinned.text()).toBe(LOADER);
    // The pinned loader resolves the widget relative to itself: it is served there too.
    const widget = await fetch(new URL(`widget/${SDK_VERSION}/widget.js`, `${base}/v${major}/loader.js`));
    expect(widget.status).toBe(200);
    expect(await widget.text()).toBe(WIDGET);
    const exact = await fetch(`${base}/loader@${SDK_VERSION}.js`);
    expect(exact.status).toBe(200);
    expect(exact.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await exact.text()).toBe(LOADER);
    expect((await fetch(`${base}/loader@9.9.9.js`)).status).toBe(404);
  });

  it('serves the versioned widget modules immutable and importable from any origin', async () => {
    for (const path of ['widget.js', 'chunks/screen-abc.js']) {
      const response = await fetch(`${base}/widget/${SDK_VERSION}/${path}`, {
        headers: { origin: 'https://host.example' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    const widget = await fetch(`${base}/widget/${SDK_VERSION}/widget.js`);
    expect(await widget.text()).toBe(WIDGET);
  });

  it("sends the build's brotli or gzip copy to a browser that accepts it, the file itself otherwise", async () => {
    const raw = (path: string, encoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const { port } = new URL(base);
        const headers = { 'accept-encoding': encoding };
        httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const widget = `/widget/${SDK_VERSION}/widget.js`;
    const brotli = await raw(widget, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(WIDGET);
    expect((await raw(widget, 'gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await raw(widget, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(WIDGET);
    const loader = await raw('/loader.js', 'br');
    expect(loader.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(loader.body).toString()).toBe(LOADER);
  });

  it('answers 404 JSON for missing files, directories, dotfiles and paths outside the widget', async () => {
    for (const path of [
      `/widget/${SDK_VERSION}/missing.js`,
      `/widget/${SDK_VERSION}/`,
      '/widget/',
      `/widget/${SDK_VERSION}/.secret`,
      `/widget/${SDK_VERSION}/../../gh.db`,
      '/widget/..%2f..%2fgh.db',
      '/widget/%2e%2e/%2e%2e/gh.db',
    ]) {
      // Sent as written: fetch would resolve the dot segments before they reach the server.
      const response = await rawGet(path);
      expect(response.status, path).toBe(404);
      expect(JSON.parse(response.body)).toEqual({ code: 'not_found', message: 'Not found.' });
    }
  });

  function rawGet(path: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const { port } = new URL(base);
      const request = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.end();
    });
  }
});

describe('without a built client', () => {
  it('starts, answers 404 for the assets and serves the API', async () => {
    const dir = tempDir();
    const server = await buildServer({
      databaseUrl: join(dir.path, 'gh.db'),
      publicUrl: PUBLIC_URL,
      clientDir: join(dir.path, 'does-not-exist'),
    });
    try {
      for (const url of ['/loader.js', `/widget/${SDK_VERSION}/widget.js`]) {
        const response = await server.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 'not_found', message: 'Not found.' });
      }
      expect((await server.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true });
    } finally {
      await server.close();
      dir.remove();
    }
  });
});
