import pg from 'pg';
import { cpuTime } from './load.js';
/** What logs in by email code: a Gatehouse provider or a peer driven the same way. */
export interface LoginTarget {
  readonly env: Record<string, string>;
  /** The server's process, whose CPU time is counted per login. */
  readonly pid: number | undefined;
  login(email: string): Promise<unknown>;
}

export interface ConcurrentLogins {
  perSecond: number;
  errors: number;
  /** PostgreSQL: of the providers' connections sampled, the share waiting on a lock (`pg_stat_activity`). */
  lockShare: number | undefined;
  /** PostgreSQL: the providers' connections open, on average over the samples. */
  connections: number | undefined;
  /** The servers' CPU time per login (user + system, µs), when their processes are known. */
  cpuPerLogin: number | undefined;
  /** PostgreSQL: its backends' CPU time per login (µs), those serving the servers' connections. */
  databaseCpuPerLogin: number | undefined;
}

const sum = (values: Array<number | undefined>) =>
  values.some((value) => value === undefined) ? undefined : values.reduce((a = 0, b = 0) => a + b, 0);

/** Samples the database's client connections every 20 ms: how many there are, how many wait on a lock. */
function lockSampler(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  // The backends' CPU time when first seen, to count what they spent while sampled.
  const cpuFrom = new Map<number, number>();
  const backends = async () =>
    (
      await client.query<{ pid: number }>(
        `select pid from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      )
    ).rows.map((row) => row.pid);
  let waiting = 0;
  let total = 0;
  let samples = 0;
  let stopped = false;
  const running = (async () => {
    await client.connect();
    for (const pid of await backends()) cpuFrom.set(pid, cpuTime(pid) ?? 0);
    while (!stopped) {
      const { rows } = await client.query<{ waiting: string; total: string }>(
        `select count(*) filter (where wait_event_type = 'Lock') as waiting, count(*) as total
         from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      waiting += Number(rows[0]?.waiting);
      total += Number(rows[0]?.total);
      samples += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    let spent = 0;
    for (const pid of await backends()) {
      const from = cpuFrom.get(pid);
      const to = cpuTime(pid);
      if (from !== undefined && to !== undefined) spent += to - from;
    }
    await client.end();
    return spent;
  })();
  return {
    async stop() {
      stopped = true;
      const cpu = await running;
      return {
        cpu,
        lockShare: total === 0 ? 0 : waiting / total,
        connections: samples === 0 ? 0 : total / samples,
      };
    },
  };
}

/**
 * `workers` email-code logins at a time (a code sent, then checked, each for a new address),
 * spread over the providers, counted for `seconds` after a second of warm-up.
 */
export async function concurrentLogins(
  providers: LoginTarget[],
  { workers, seconds, tag }: { workers: number; seconds: number; tag: string },
): Promise<ConcurrentLogins> {
  const databaseUrl = providers[0]?.env.GATEHOUSE_DATABASE_URL ?? '';
  let recording = false;
  let stopped = false;
  let done = 0;
  let errors = 0;
  let next = 0;
  const worker = async (provider: LoginTarget) => {
    while (!stopped) {
      const email = `${tag}-${next++}@example.com`;
      try {
        await provider.login(email);
        if (recording) done += 1;
      } catch {
        if (recording) errors += 1;
      }
    }
  };
  const runs = Array.from({ length: workers }, (_, i) =>
    worker(providers[i % providers.length] as LoginTarget),
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const sampler = databaseUrl.startsWith('postgres') ? lockSampler(databaseUrl) : undefined;
  recording = true;
  const cpuFrom = sum(providers.map((provider) => cpuTime(provider.pid)));
  const from = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  recording = false;
  const elapsed = (performance.now() - from) / 1000;
  const cpuTo = sum(providers.map((provider) => cpuTime(provider.pid)));
  const sampled = await sampler?.stop();
  stopped = true;
  await Promise.all(runs);
  return {
    perSecond: done / elapsed,
    errors,
    lockShare: sampled?.lockShare,
    connections: sampled?.connections,
    cpuPerLogin: cpuFrom === undefined || cpuTo === undefined ? undefined : (cpuTo - cpuFrom) / done,
    databaseCpuPerLogin: sampled === undefined ? undefined : sampled.cpu / done,
  };
}
