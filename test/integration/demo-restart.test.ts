import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/provider.js';
import { tempDir } from './harness.js';

/**
 * `npm start` (scripts/demo.js) when its provider stops on its own: the demo says so and starts it
 * again, while the host page, the dev chain and the stand-ins stay up; Ctrl+C still stops all.
 */
const root = join(import.meta.dirname, '../..');
let demo: ChildProcess;
let output = '';
let urls: { provider: string; host: string };
const data = tempDir();
/** This process's environment without the provider's own settings (the demo sets its own). */
const inherited = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('GATEHOUSE_') && !name.startsWith('DEMO_')),
);

/** A port whose next two are free too (the Farcaster stand-ins take three in a row). */
async function threeFreePorts(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (;;) {
    const base = await freePort();
    if ((await free(base + 1)) && (await free(base + 2))) return base;
  }
}

/** The processes whose parent is `pid`, with their command lines (Linux /proc). */
function children(pid: number): Array<{ pid: number; command: string }> {
  const found: Array<{ pid: number; command: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== pid) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      found.push({ pid: Number(entry), command });
    } catch {}
  }
  return found;
}

const providerPid = () => children(demo.pid ?? -1).find((child) => child.command.includes(' serve'))?.pid;

async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}. Output:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const status = (url: string) =>
  fetch(url).then(
    (response) => response.status,
    () => 0,
  );

beforeAll(async () => {
  const [providerPort, hostPort, chainPort, moonpayPort, farcasterPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await threeFreePorts(),
  ];
  urls = { provider: `http://127.0.0.1:${providerPort}`, host: `http://127.0.0.1:${hostPort}` };
  demo = spawn(process.execPath, [join(root, 'scripts/demo.js')], {
    env: {
      ...inherited,
      GATEHOUSE_PORT: String(providerPort),
      GATEHOUSE_PUBLIC_URL: urls.provider,
      GATEHOUSE_LOG_FORMAT: 'json',
      DEMO_PORT: String(hostPort),
      DEMO_CHAIN_PORT: String(chainPort),
      DEMO_MOONPAY_PORT: String(moonpayPort),
      DEMO_FARCASTER_PORT: String(farcasterPort),
      DEMO_DATA_DIR: data.path,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  demo.stdout?.on('data', (chunk) => (output += String(chunk)));
  demo.stderr?.on('data', (chunk) => (output += String(chunk)));
  await until('the demo banner', () => output.includes('Gatehouse demo'), 120_000);
}, 150_000);

afterAll(async () => {
  if (demo.exitCode === null) {
    demo.kill('SIGKILL');
    for (const child of children(demo.pid ?? -1)) process.kill(child.pid, 'SIGKILL');
  }
  data.remove();
});

describe('the demo when its provider stops', () => {
  it('starts the provider again and keeps the host page up; Ctrl+C stops everything', async () => {
    expect(await status(`${urls.provider}/readyz`)).toBe(200);
    const first = await until('the provider process', providerPid);
    process.kill(first, 'SIGKILL');
    await until('the demo saying so', () => output.includes('starting it again'));
    expect(await status(urls.host)).toBe(200);
    const second = await until('a new provider', () => {
      const pid = providerPid();
      return pid !== undefined && pid !== first ? pid : undefined;
    });
    await until(
      'the provider answering again',
      async () => (await status(`${urls.provider}/readyz`)) === 200,
    );
    expect(second).not.toBe(first);

    const running = children(demo.pid ?? -1).map((child) => child.pid);
    expect(running.length).toBeGreaterThanOrEqual(2); // the provider and the dev chain
    const exited = new Promise<number | null>((resolve) => demo.once('exit', (code) => resolve(code)));
    demo.kill('SIGINT');
    expect(await exited).toBe(0);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await until('every process of the demo to stop', () => (running.some(alive) ? undefined : true), 15_000);
  }, 120_000);
});
