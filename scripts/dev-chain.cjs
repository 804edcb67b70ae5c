#!/usr/bin/env node
// The local dev chain: Hardhat Network (chain 31337, automine, hardhat.config.cjs) behind Hardhat's
// own JSON-RPC server, without going through the hardhat CLI (no telemetry prompt, no analytics,
// no banner download, no compile).
//
//   node scripts/dev-chain.cjs [--host 127.0.0.1] [--port 8545]     (--port 0: any free port)
//
// Prints `Dev chain (id 31337) at http://127.0.0.1:<port>` once it answers. Started by a Node
// parent with an IPC channel (demo.js, test/support/chain.ts), it also sends the parent
// { type: 'ready', rpcUrl, chainId } and exits when the parent goes away, so it never outlives it.
'use strict';

const path = require('node:path');

const root = path.resolve(__dirname, '..');
process.env.HARDHAT_CONFIG = path.join(root, 'hardhat.config.cjs');
process.env.HARDHAT_NETWORK = 'hardhat';
process.env.HARDHAT_DISABLE_TELEMETRY_PROMPT = 'true';
process.env.HARDHAT_HIDE_SOLIDITY_SURVEY_MESSAGE = 'true';

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] !== undefined ? process.argv[index + 1] : fallback;
}

const hostname = option('host', '127.0.0.1');
const port = Number(option('port', '8545'));
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`dev-chain: invalid --port ${option('port', '')}`);
  process.exit(2);
}

let server;
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  // The chain lives in memory only: close the server (briefly, open connections must not hold
  // it up) and leave.
  if (server) await Promise.race([server.close().catch(() => {}), new Promise((r) => setTimeout(r, 1000))]);
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('disconnect', () => stop(0));

async function main() {
  process.chdir(root);
  const hre = require('hardhat');
  const { TASK_NODE_CREATE_SERVER } = require('hardhat/builtin-tasks/task-names');
  const provider = hre.network.provider;
  const chainId = Number.parseInt(await provider.request({ method: 'eth_chainId' }), 16);
  server = await hre.run(TASK_NODE_CREATE_SERVER, { hostname, port, provider });
  const address = await server.listen();
  const rpcUrl = `http://${address.address}:${address.port}`;
  console.log(`Dev chain (id ${chainId}) at ${rpcUrl}`);
  if (process.send) process.send({ type: 'ready', rpcUrl, chainId });
}

function fail(error) {
  console.error(`dev-chain: ${error instanceof Error ? error.message : String(error)}`);
  stop(1);
}
// A port already taken surfaces as the HTTP server's 'error' event, which nothing else listens to.
process.on('uncaughtException', fail);
main().catch(fail);
