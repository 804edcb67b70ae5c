#!/usr/bin/env node
/**
 * The container's install, checked without a container: `npm ci --omit=dev` of this package into
 * a temporary folder (what the Dockerfile's runtime stage installs), its size against a budget,
 * then the image's entry command run there the way the Dockerfile runs it (the same environment
 * and working directory, production mode) until `GET /readyz` answers 200. Needs `npm run build`
 * first (it copies bin and dist). A dependency the server imports but only devDependencies list
 * fails here, and so does one bundled into dist/client but listed under dependencies (the size).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The production closure (node_modules after `npm ci --omit=dev`) in MB of disk: 105 measured on
 * 2026-11-29 (133 packages; ethers 22, libsql's binaries 19, libphonenumber-js 13, and 8 for
 * passkeys: @simplewebauthn/server with its ASN.1 and X.509 parsers), 3 % above.
 */
const BUDGET_MB = 108;
const READY_TIMEOUT_MS = 30_000;

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(join(root, 'dist/node')) || !existsSync(join(root, 'dist/client'))) {
  console.error('prod-closure: run `npm run build` first (dist/node and dist/client are copied).');
  process.exit(1);
}
const image = runtimeStage(readFileSync(join(root, 'Dockerfile'), 'utf8'));
checkCompose(readFileSync(join(root, 'compose.yaml'), 'utf8'));
const app = mkdtempSync(join(tmpdir(), 'gatehouse-image-'));
const data = join(app, 'data');
let child;
try {
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(root, file), join(app, file));
  const started = Date.now();
  execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: app,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const megabytes = Number(
    execFileSync('du', ['-sm', join(app, 'node_modules')])
      .toString()
      .split('\t')[0],
  );
  const packages =
    execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: app })
      .toString()
      .trim()
      .split('\n').length - 1;
  console.log(
    `prod-closure: npm ci --omit=dev: ${packages} packages, ${megabytes} MB (budget ${BUDGET_MB} MB), ${Date.now() - started} ms`,
  );
  if (megabytes > BUDGET_MB)
    throw new Error(`the production closure is ${megabytes} MB, over its budget of ${BUDGET_MB} MB`);

  for (const dir of ['bin', 'dist']) cpSync(join(root, dir), join(app, dir), { recursive: true });
  mkdirSync(data, { mode: 0o700 });
  const port = await freePort();
  // The runtime stage's ENV (its port and data folder moved here), with the values production
  // requires that compose.yaml passes in.
  const env = {
    PATH: process.env.PATH,
    HOME: app,
    ...image.env,
    GATEHOUSE_HOST: '127.0.0.1',
    GATEHOUSE_PORT: String(port),
    GATEHOUSE_DATABASE_URL: join(data, 'gatehouse.db'),
    GATEHOUSE_PUBLIC_URL: `http://127.0.0.1:${port}`,
    GATEHOUSE_RECOVERY_KEY: randomBytes(32).toString('base64url'),
    GATEHOUSE_SMTP_URL: 'smtp://127.0.0.1:1',
    GATEHOUSE_TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
    GATEHOUSE_TWILIO_AUTH_TOKEN: 'c0ffee00c0ffee00c0ffee00c0ffee00',
    GATEHOUSE_TWILIO_FROM: '+15005550006',
  };
  if (env.NODE_ENV !== 'production') throw new Error('the Dockerfile does not set NODE_ENV=production');
  let output = '';
  const [command, ...args] = image.cmd;
  if (command !== 'node') throw new Error(`the Dockerfile's CMD starts ${command}, not node`);
  child = spawn(process.execPath, args, {
    cwd: app,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let ready = false;
  while (!ready && Date.now() < deadline && child.exitCode === null) {
    ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!ready) throw new Error(`the image's entry command never answered /readyz with 200:\n${output}`);
  console.log(`prod-closure: \`${image.cmd.join(' ')}\` from that install answers /readyz 200`);
} catch (error) {
  console.error(`prod-closure: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(app, { recursive: true, force: true });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The last stage of the Dockerfile: its ENV and its CMD. */
function runtimeStage(dockerfile) {
  const stage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const envBlock = /\nENV ((?:[^\n]*\\\n)*[^\n]*)/.exec(stage)?.[1] ?? '';
  const env = Object.fromEntries([...envBlock.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]]));
  const cmd = JSON.parse(/\nCMD (\[.*\])/.exec(stage)?.[1] ?? '[]');
  return { env, cmd };
}

/** compose.yaml must pass every value production requires, refusing to start without one. */
function checkCompose(compose) {
  const required = [
    'GATEHOUSE_SECRET',
    'GATEHOUSE_RECOVERY_KEY',
    'GATEHOUSE_SMTP_URL',
    'GATEHOUSE_TWILIO_ACCOUNT_SID',
    'GATEHOUSE_TWILIO_AUTH_TOKEN',
    'GATEHOUSE_TWILIO_FROM',
  ];
  const missing = required.filter((name) => !new RegExp(`\\n\\s+${name}: \\$\\{${name}:\\?`).test(compose));
  if (missing.length > 0) throw new Error(`compose.yaml does not require ${missing.join(', ')}`);
}
