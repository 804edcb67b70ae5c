import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/gatehouse.js');
const run = promisify(execFile);

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface ProviderOptions {
  smtpUrl?: string;
  /** Extra environment for `gatehouse serve`. */
  env?: Record<string, string>;
  /** Only the server is needed (dist/node), not the built loader and widget. */
  serverOnly?: boolean;
  /** Node options before the script (a profiler's, for the benchmark). */
  nodeArgs?: string[];
  /**
   * A host name the browser maps to 127.0.0.1 (launchChromium's host rules): the provider's
   * public origin then has a domain, which WebAuthn needs for its RP ID (an IP address is refused).
   */
  publicHost?: string;
}

/**
 * The built provider (`gatehouse serve`, from dist/) as its own process on a fresh SQLite
 * database, on 127.0.0.1: a different origin from the host pages, which are served on localhost.
 */
export class Provider {
  readonly dir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-'));
  port = 0;
  output = '';
  /** Standard output alone (output has standard error too). */
  stdout = '';
  private child: ChildProcess | undefined;

  constructor(private readonly options: ProviderOptions = {}) {
    if (!existsSync(join(ROOT, 'dist/node/server/cli.js'))) {
      throw new Error(
        'These tests drive the built provider: run `npm run build` (or `npm run build:node`) first.',
      );
    }
    if (!options.serverOnly && !existsSync(join(ROOT, 'dist/client/loader.js'))) {
      throw new Error('Browser tests drive the built product: run `npm run build` first.');
    }
  }

  /** The provider's public origin, as pages reach it. */
  get url(): string {
    return `http://${this.options.publicHost ?? '127.0.0.1'}:${this.port}`;
  }

  /** Where this process reaches it (the public host may resolve only in the browser). */
  get localUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The running `gatehouse serve`'s process id (the benchmark reads its CPU time). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  private get env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      GATEHOUSE_DATABASE_URL: join(this.dir, 'gatehouse.db'),
      GATEHOUSE_HOST: '127.0.0.1',
      GATEHOUSE_PORT: String(this.port),
      GATEHOUSE_PUBLIC_URL: this.url,
      ...(this.options.smtpUrl ? { GATEHOUSE_SMTP_URL: this.options.smtpUrl } : {}),
      GATEHOUSE_MAIL_FROM: 'Gatehouse Test <login@gatehouse.test>',
      ...this.options.env,
    };
  }

  /** Runs the CLI against this provider's database and returns its standard output. */
  async cli(...args: string[]): Promise<string> {
    const { stdout } = await run(process.execPath, [BIN, ...args], { env: this.env, cwd: this.dir });
    return stdout;
  }

  /** `gatehouse apps create`: the new app id is the last line of output. */
  async createApp(name: string, origins: string[]): Promise<string> {
    const out = await this.cli('apps', 'create', '--name', name, ...origins.flatMap((o) => ['--origin', o]));
    const id = out.trim().split('\n').pop()?.trim() ?? '';
    if (id.length !== 25) throw new Error(`unexpected apps create output: ${out}`);
    return id;
  }

  /**
   * Starts `gatehouse serve`. A port picked here may be taken by another socket before the child
   * listens: then it picks another (a port the test chose itself is not changed).
   */
  async start(): Promise<void> {
    const picked = !this.port;
    for (let attempt = 1; ; attempt++) {
      if (picked) this.port = await freePort();
      try {
        await this.startOnce();
        return;
      } catch (error) {
        if (!picked || attempt === 5 || !this.output.includes('is already in use')) throw error;
        this.output = '';
      }
    }
  }

  private async startOnce(): Promise<void> {
    const args = [...(this.options.nodeArgs ?? []), BIN, 'serve'];
    const child = spawn(process.execPath, args, { env: this.env, cwd: this.dir });
    this.child = child;
    child.stdout?.on('data', (d: Buffer) => {
      this.output += d.toString();
      this.stdout += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      this.output += d.toString();
    });
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`provider exited early:\n${this.output}`);
      try {
        const res = await fetch(`${this.localUrl}/healthz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`provider did not start:\n${this.output}`);
  }

  /** Sends the signal and resolves with the exit code (null when killed by the signal) once it has exited. */
  async signal(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    const code = await exited;
    this.child = undefined;
    return code;
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
