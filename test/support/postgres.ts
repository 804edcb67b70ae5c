import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './provider.js';

/**
 * A throwaway PostgreSQL cluster of Debian's binaries: initdb into a temporary directory, the
 * server on a free port of 127.0.0.1 (no Unix socket), password authentication, stopped and
 * deleted by `stop()`. No system service is used. PostgreSQL refuses to run as root, so under
 * root the cluster belongs to the `postgres` user Debian's package creates (else `nobody`), and
 * its binaries run under that user's uid.
 */
export class PostgresCluster {
  constructor(
    private readonly dir: string,
    private readonly server: ChildProcess,
    readonly port: number,
    private readonly password: string,
    private readonly log: () => string,
  ) {}

  /** The URL of a database of this cluster (as the superuser `gatehouse`). */
  url(database = 'postgres'): string {
    return `postgres://gatehouse:${this.password}@127.0.0.1:${this.port}/${database}`;
  }

  /** `durable`: fsync and synchronous commits on, as in production (benchmarks); off for tests. */
  static async start({ durable = false } = {}): Promise<PostgresCluster> {
    const bin = postgresBinDir();
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-pg-'));
    try {
      const owner = clusterOwner();
      const password = randomBytes(18).toString('base64url');
      const data = join(dir, 'data');
      writeFileSync(join(dir, 'pwfile'), `${password}\n`, { mode: 0o600 });
      if (owner) {
        chownSync(dir, owner.uid, owner.gid);
        chownSync(join(dir, 'pwfile'), owner.uid, owner.gid);
      }
      chmodSync(dir, 0o700);
      const ids = owner ? { uid: owner.uid, gid: owner.gid } : {};
      execFileSync(
        join(bin, 'initdb'),
        [
          '-D',
          data,
          '-U',
          'gatehouse',
          `--pwfile=${join(dir, 'pwfile')}`,
          '-A',
          'scram-sha-256',
          '-E',
          'UTF8',
        ],
        { ...ids, stdio: 'pipe', env: { ...process.env, LC_ALL: 'C' } },
      );
      rmSync(join(dir, 'pwfile'));
      return await startServer(bin, { dir, data, password, durable }, ids);
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }

  /** Creates an empty database (or a copy of `template`) and answers its URL. */
  async createDatabase(name: string, template?: string): Promise<string> {
    await this.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
    return this.url(name);
  }

  async query(text: string): Promise<void> {
    const client = new pg.Client({ connectionString: this.url() });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  /** Fast shutdown (open connections are cut), then the directory is deleted. */
  async stop(): Promise<void> {
    if (this.server.exitCode === null && this.server.signalCode === null) {
      const exited = new Promise((resolve) => this.server.once('exit', resolve));
      this.server.kill('SIGINT');
      const timer = setTimeout(() => this.server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** What the server printed (for an error message). */
  output(): string {
    return this.log();
  }
}

/** Tries free ports until the server listens on one (another process may take a port first). */
async function startServer(
  bin: string,
  { dir, data, password, durable }: { dir: string; data: string; password: string; durable: boolean },
  ids: { uid?: number; gid?: number },
): Promise<PostgresCluster> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    let log = '';
    const server = spawn(
      join(bin, 'postgres'),
      [
        ...['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'],
        ...['-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
        // A throwaway cluster: no waiting for the disk.
        ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
      ],
      { ...ids, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    server.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    const cluster = new PostgresCluster(dir, server, port, password, () => log);
    try {
      await waitUntilReady(cluster, server);
      return cluster;
    } catch (error) {
      lastError = new Error(`${(error as Error).message}\n${log}`);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
  }
  throw lastError;
}

async function waitUntilReady(cluster: PostgresCluster, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error('the PostgreSQL server exited while starting');
    try {
      await cluster.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** GATEHOUSE_TEST_PG_BIN, else the newest /usr/lib/postgresql/<version>/bin (Debian), else pg_config's. */
function postgresBinDir(): string {
  const configured = process.env.GATEHOUSE_TEST_PG_BIN;
  if (configured) return configured;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => existsSync(join(debian, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin');
  }
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      "PostgreSQL's server binaries were not found (no /usr/lib/postgresql/*/bin/initdb, no pg_config): install Debian's postgresql package (.ci/run does) or set GATEHOUSE_TEST_PG_BIN.",
    );
  }
}

/** Under root: the user the cluster runs as (PostgreSQL refuses root). Otherwise none: this process's own. */
function clusterOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }));
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }));
      return { uid, gid };
    } catch {}
  }
  throw new Error(
    'Running as root, and neither a postgres nor a nobody user exists to own the test cluster.',
  );
}
