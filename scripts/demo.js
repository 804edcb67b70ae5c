#!/usr/bin/env node
// `npm start`: the provider on :8787 with SQLite under ./data, a demo app, a plain HTML host
// page on a second origin (:8788) with its two demo wallets (public/demo/demo-wallet.js), the
// local dev chain (Hardhat Network, chain 31337) on :8545 with a faucet for the demo page, a
// MoonPay stand-in on :8789 for card funding (scripts/demo-moonpay.js), and Farcaster stand-ins
// on :8790-8792 (scripts/demo-farcaster.js). Run after `npm run build` (npm start does both).
import { execFileSync, fork, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { farcasterStandInEnv, farcasterStandInPorts, startFarcasterStandIns } from './demo-farcaster.js';
import { startMoonpayStandIn } from './demo-moonpay.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin/gatehouse.js');
const dataDir = resolve(process.env.DEMO_DATA_DIR ?? join(root, 'data'));
const providerPort = Number(process.env.GATEHOUSE_PORT ?? 8787);
const hostPort = Number(process.env.DEMO_PORT ?? 8788);
const providerUrl = process.env.GATEHOUSE_PUBLIC_URL ?? `http://127.0.0.1:${providerPort}`;
const hostOrigin = `http://localhost:${hostPort}`;
const chainPort = Number(process.env.DEMO_CHAIN_PORT ?? 8545);
const chainRpcUrl = `http://127.0.0.1:${chainPort}`;
const moonpayPort = Number(process.env.DEMO_MOONPAY_PORT ?? 8789);
const farcasterPorts = farcasterStandInPorts(Number(process.env.DEMO_FARCASTER_PORT ?? 8790));
/** What the faucet sends: 1 ETH. */
const FAUCET_WEI = 10n ** 18n;
const env = {
  ...process.env,
  GATEHOUSE_PORT: String(providerPort),
  GATEHOUSE_PUBLIC_URL: providerUrl,
  GATEHOUSE_DATABASE_URL: process.env.GATEHOUSE_DATABASE_URL ?? join(dataDir, 'gatehouse.db'),
  // The provider's log lines for a person (GATEHOUSE_LOG_FORMAT=json for the records themselves).
  GATEHOUSE_LOG_FORMAT: process.env.GATEHOUSE_LOG_FORMAT ?? 'pretty',
  // Farcaster's services are the stand-ins unless you point the demo at real ones.
  ...farcasterStandInEnv(farcasterPorts, chainRpcUrl),
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
// Wallet login (Sign-In With Ethereum) is off for a new app; the page's demo wallets need it. Set
// on every run, so a demo app made by an older version (./data kept) has it too.
cli('apps', 'set', appId, 'wallet_auth=true', 'mfa.methods=sms,totp');
const page = readFileSync(join(root, 'public/demo/index.html'), 'utf8')
  .replaceAll('{{APP_ID}}', appId)
  .replaceAll('{{PROVIDER_URL}}', providerUrl)
  .replaceAll('{{CHAIN_RPC_URL}}', chainRpcUrl);
const demoWallet = readFileSync(join(root, 'public/demo/demo-wallet.js'), 'utf8');

// The dev chain: a fresh in-memory chain each run, tied to this process by its IPC channel.
const chain = fork(
  join(root, 'scripts/dev-chain.cjs'),
  ['--host', '127.0.0.1', '--port', String(chainPort)],
  {
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  },
);
const chainReady = new Promise((resolveReady) => {
  chain.on('message', (message) => {
    if (message?.type === 'ready') resolveReady();
  });
});

let rpcId = 0;
async function chainRpc(method, params = []) {
  const res = await fetch(chainRpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  });
  const body = await res.json();
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

/** Demo only: sends 1 ETH (or `wei`) from the chain's first (unlocked, publicly known) dev account. */
async function faucet(address, wei = FAUCET_WEI) {
  const [from] = await chainRpc('eth_accounts');
  const hash = await chainRpc('eth_sendTransaction', [{ from, to: address, value: `0x${wei.toString(16)}` }]);
  // Automine: the transaction is in a block by now.
  const receipt = await chainRpc('eth_getTransactionReceipt', [hash]);
  if (receipt?.status !== '0x1') throw new Error(`the transfer ${hash} failed`);
  return hash;
}

function readJson(req, limit = 4096) {
  return new Promise((resolveBody, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
      if (body.length > limit) reject(new Error('The request is too large.'));
    });
    req.on('end', () => {
      try {
        resolveBody(JSON.parse(body));
      } catch {
        reject(new Error('The request is not JSON.'));
      }
    });
    req.on('error', reject);
  });
}

const json = (res, status, body) =>
  res
    .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    .end(JSON.stringify(body));

async function handleFaucet(req, res) {
  let address;
  try {
    address = (await readJson(req))?.address;
  } catch (error) {
    return json(res, 400, { error: error.message });
  }
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
    return json(res, 400, { error: 'Send { "address": "0x…" } with a 20-byte hex address.' });
  }
  try {
    const hash = await faucet(address);
    console.log(`[faucet] 1 ETH to ${address}: ${hash}`);
    json(res, 200, { hash, value: FAUCET_WEI.toString(), chainId: 31337 });
  } catch (error) {
    json(res, 502, { error: `The dev chain refused the transfer: ${error.message}` });
  }
}

// Card funding: the demo app's on-ramp points at a local MoonPay stand-in (not MoonPay, nothing is
// charged); a completed purchase is paid out by the faucet on the dev chain.
const moonpay = await startMoonpayStandIn({ root, port: moonpayPort, appId, cli, send: faucet });

let stopping = false;
/** The provider, started again when it stops on its own (a crash, a kill): the rest stays up. */
let provider;
/** When it stopped lately: more than PROVIDER_RESTARTS in a minute, and the demo stops trying. */
let providerStops = [];
const PROVIDER_RESTARTS = 3;
function startProvider() {
  provider = spawn(process.execPath, [bin, 'serve'], { env, stdio: 'inherit' });
  provider.on('exit', (code, signal) => {
    if (stopping) return;
    const how = signal ? `was stopped (${signal})` : `exited (code ${code})`;
    const now = Date.now();
    providerStops = [...providerStops.filter((at) => now - at < 60_000), now];
    if (providerStops.length > PROVIDER_RESTARTS) {
      console.error(
        `\n  The provider ${how} again, ${providerStops.length} times in a minute: not restarting it.` +
          `\n  The host page, the dev chain and the stand-ins are still up. Read the provider's last` +
          `\n  lines above, then press Ctrl+C and run npm start again.\n`,
      );
      return;
    }
    console.error(
      `\n  The provider ${how}; starting it again. The host page, the dev chain and the` +
        `\n  stand-ins keep running; a page that was open retries once it is back.\n`,
    );
    setTimeout(() => {
      if (!stopping) startProvider();
    }, 500);
  });
}
startProvider();
const host = createServer((req, res) => {
  if (req.url === '/faucet') {
    if (req.method === 'POST') handleFaucet(req, res);
    else res.writeHead(405, { allow: 'POST', 'content-type': 'text/plain' }).end('Use POST');
  } else if (req.url === '/' || req.url?.startsWith('/?') || req.url === '/index.html') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  } else if (req.url === '/demo-wallet.js') {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(demoWallet);
  } else {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  }
});
// Farcaster: stand-ins for the relay, the signed key request API and a hub (not Farcaster), with
// the ID registry on the dev chain, so they start once it runs.
let farcaster;
chainReady
  .then(async () => {
    farcaster = await startFarcasterStandIns({
      root,
      ports: farcasterPorts,
      chainRpcUrl,
      chainRpc,
      appId,
      cli,
    });
    host.listen(hostPort, '127.0.0.1', () => {
      console.log(`
  Gatehouse demo
    host page  ${hostOrigin}      <- open this in a browser
    provider   ${providerUrl}  (app ${appId}, SQLite in ./data)
    dev chain  ${chainRpcUrl}  (Hardhat, chain 31337, fresh each run; faucet on the page)
    moonpay    ${moonpay.url}  (a MoonPay stand-in for card funding: no real payment, pays out on the dev chain)
    farcaster  stand-ins, not Farcaster: relay ${env.GATEHOUSE_FARCASTER_RELAY_URL} (its sign-in page signs in as
               @${farcaster.user.username}, fid ${farcaster.user.fid}), signer approvals ${env.GATEHOUSE_FARCASTER_SIGNER_API_URL},
               hub ${env.GATEHOUSE_FARCASTER_HUB_URL} (what it accepted)
  Login codes are logged below (login code dev_code=…). Press Ctrl+C to stop.
`);
    });
  })
  .catch((error) => {
    console.error(`The Farcaster stand-ins did not start: ${error.message}`);
    process.exitCode = 1;
    stop();
  });

function stop() {
  if (stopping) return;
  stopping = true;
  host.close();
  provider.kill('SIGTERM');
  chain.kill('SIGTERM');
  moonpay.stop().catch(() => {});
  farcaster?.stop().catch(() => {});
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
chain.on('exit', (code) => {
  if (!stopping) {
    console.error(`The dev chain stopped (exit ${code}); set DEMO_CHAIN_PORT if port ${chainPort} is taken.`);
    process.exitCode = 1;
  }
  stop();
});
