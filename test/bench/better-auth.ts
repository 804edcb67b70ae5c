import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../support/provider.js';
import { devCode } from './providers.js';

const SERVER = resolve(import.meta.dirname, 'better-auth-server.mjs');
const VERSION = process.env.BENCH_BETTER_AUTH_VERSION ?? '1.7';

/**
 * Better Auth and pg in a cache directory of their own, installed from the registry on first use:
 * the peer is measured, never shipped, so it stays out of package.json and `npm ci`.
 */
function peersDir(): string {
  const dir = join(homedir(), '.cache', 'gatehouse-bench', `better-auth-${VERSION}`);
  if (!existsSync(join(dir, 'node_modules', 'better-auth'))) {
    mkdirSync(dir, { recursive: true });
    execFileSync('npm', ['init', '-y'], { cwd: dir, stdio: 'ignore' });
    execFileSync('npm', ['install', '--no-audit', '--no-fund', `better-auth@${VERSION}`, 'pg@8'], {
      cwd: dir,
      stdio: 'inherit',
    });
  }
  return dir;
}

/** Better Auth's email-OTP sign-in on a PostgreSQL database, driven like BenchProvider. */
export class BetterAuthPeer {
  private child: ChildProcess | undefined;
  private output = '';
  private port = 0;
  private ip = 0;

  constructor(readonly env: Record<string, string>) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(): Promise<void> {
    this.port = await freePort();
    const child = spawn(process.execPath, [SERVER], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        BENCH_PEERS_DIR: peersDir(),
        DATABASE_URL: this.env.GATEHOUSE_DATABASE_URL,
        PORT: String(this.port),
        MIGRATE: '1',
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
      },
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => {
      this.output += chunk.toString();
    });
    await new Promise<void>((done, fail) => {
      const check = setInterval(() => {
        if (!this.output.includes('listening')) return;
        clearInterval(check);
        done();
      }, 20);
      child.once('exit', () => {
        clearInterval(check);
        fail(new Error('Better Auth exited before it listened'));
      });
    });
  }

  private async post(path: string, body: unknown): Promise<Response> {
    this.ip += 1;
    const response = await fetch(`http://127.0.0.1:${this.port}/api/auth${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: `http://127.0.0.1:${this.port}`,
        'x-forwarded-for': `10.${(this.ip >> 16) & 255}.${(this.ip >> 8) & 255}.${this.ip & 255}`,
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  }

  async login(email: string): Promise<unknown> {
    const since = this.output.length;
    await this.post('/email-otp/send-verification-otp', { email, type: 'sign-in' });
    let otp: string | undefined;
    for (let i = 0; i < 500 && !otp; i++) {
      otp = devCode(this.output.slice(since), email);
      if (!otp) await new Promise((done) => setTimeout(done, 2));
    }
    if (!otp) throw new Error(`no code printed for ${email}`);
    return (await this.post('/sign-in/email-otp', { email, otp })).json();
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
}
