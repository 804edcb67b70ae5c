#!/usr/bin/env node
// `npm start`: the provider on :8787 with SQLite under ./data, a demo app, and a plain HTML host
// page on a second origin (:8788). Run after `npm run build` (npm start does both).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin/gatehouse.js');
const dataDir = join(root, 'data');
const providerPort = Number(process.env.GATEHOUSE_PORT ?? 8787);
const hostPort = Number(process.env.DEMO_PORT ?? 8788);
const providerUrl = process.env.GATEHOUSE_PUBLIC_URL ?? `http://127.0.0.1:${providerPort}`;
const hostOrigin = `http://localhost:${hostPort}`;
const env = {
  ...process.env,
  GATEHOUSE_PORT: String(providerPort),
  GATEHOUSE_PUBLIC_URL: providerUrl,
  GATEHOUSE_DATABASE_URL: process.env.GATEHOUSE_DATABASE_URL ?? join(dataDir, 'gatehouse.db'),
};

mkdirSync(dataDir, { recursive: true });

function cli(...args) {
  return execFileSync(process.execPath, [bin, ...args], { env, encoding: 'utf8' });
}

/** Reuses the demo app from an earlier run, or creates it. */
function demoAppId() {
  const file = join(dataDir, 'demo-app-id');
  if (existsSync(file)) {
    const id = readFileSync(file, 'utf8').trim();
    try {
      cli('apps', 'show', id);
      return id;
    } catch {
      // the database was reset: create a new app below
    }
  }
  const id = cli(
    'apps',
    'create',
    '--name',
    'Gatehouse Demo',
    '--origin',
    hostOrigin,
    '--origin',
    `http://127.0.0.1:${hostPort}`,
  )
    .trim()
    .split('\n')
    .pop();
  writeFileSync(file, `${id}\n`);
  return id;
}

const appId = demoAppId();
const page = readFileSync(join(root, 'public/demo/index.html'), 'utf8')
  .replaceAll('{{APP_ID}}', appId)
  .replaceAll('{{PROVIDER_URL}}', providerUrl);

const provider = spawn(process.execPath, [bin, 'serve'], { env, stdio: 'inherit' });
const host = createServer((req, res) => {
  if (req.url === '/' || req.url?.startsWith('/?') || req.url === '/index.html') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  } else {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  }
});
host.listen(hostPort, '127.0.0.1', () => {
  console.log(`
  Gatehouse demo
    host page  ${hostOrigin}      <- open this in a browser
    provider   ${providerUrl}  (app ${appId}, SQLite in ./data)
  Login codes are printed below. Press Ctrl+C to stop.
`);
});

function stop() {
  host.close();
  provider.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
provider.on('exit', (code) => {
  host.close();
  process.exitCode = code ?? 0;
});
