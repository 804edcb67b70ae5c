/**
 * The local dev chain for tests: Hardhat Network (chain 31337, automine, hardhat.config.cjs) as its
 * own process (scripts/dev-chain.cjs) on a free 127.0.0.1 port, each start a fresh chain. The
 * process is tied to the test worker by an IPC channel: it exits when the worker does, even if a
 * test forgets `close()`.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const LAUNCHER = resolve(ROOT, 'scripts/dev-chain.cjs');
const START_TIMEOUT_MS = 30_000;

/** Hardhat's first dev account: unlocked on the node, 10,000 ETH at start. */
export const FAUCET_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

export interface Chain {
  /** `http://127.0.0.1:<port>` */
  rpcUrl: string;
  chainId: number;
  /** Sends `wei` to `address` from a dev account, mined at once; resolves with the transaction hash. */
  fund(address: string, wei: bigint): Promise<string>;
  /** One JSON-RPC call; rejects with the node's error message. */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Stops the node and frees its port. */
  close(): Promise<void>;
}

let nextId = 1;

export async function jsonRpc<T = unknown>(
  rpcUrl: string,
  method: string,
  params: unknown[] = [],
): Promise<T> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { code: number; message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message} (${body.error.code})`);
  return body.result as T;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

export async function startChain(): Promise<Chain> {
  const child = fork(LAUNCHER, ['--host', '127.0.0.1', '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    // Under vitest, process.execArgv carries the worker's loader flags: the launcher is plain CommonJS.
    execArgv: [],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const close = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (!(await waitForExit(child, 3000))) {
      child.kill('SIGKILL');
      await waitForExit(child, 3000);
    }
  };

  let ready: { rpcUrl: string; chainId: number };
  try {
    ready = await new Promise((resolveReady, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the dev chain did not start in ${START_TIMEOUT_MS} ms:\n${output}`)),
        START_TIMEOUT_MS,
      );
      child.on('message', (message: { type?: string; rpcUrl?: string; chainId?: number }) => {
        if (message.type !== 'ready' || !message.rpcUrl || !message.chainId) return;
        clearTimeout(timer);
        resolveReady({ rpcUrl: message.rpcUrl, chainId: message.chainId });
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the dev chain exited (${signal ?? code}) before it was ready:\n${output}`));
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  } catch (error) {
    await close();
    throw error;
  }

  const { rpcUrl, chainId } = ready;
  const rpc = <T = unknown>(method: string, params: unknown[] = []) => jsonRpc<T>(rpcUrl, method, params);
  return {
    rpcUrl,
    chainId,
    rpc,
    async fund(address: string, wei: bigint): Promise<string> {
      const hash = await rpc<string>('eth_sendTransaction', [
        { from: FAUCET_ACCOUNT, to: address, value: `0x${wei.toString(16)}` },
      ]);
      const receipt = await rpc<{ status: string } | null>('eth_getTransactionReceipt', [hash]);
      if (receipt?.status !== '0x1') throw new Error(`funding ${address} failed: ${JSON.stringify(receipt)}`);
      return hash;
    },
    close,
  };
}
