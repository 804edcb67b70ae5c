import pg from 'pg';
/** What logs in by email code: a Gatehouse provider or a peer driven the same way. */
export interface LoginTarget {
  readonly env: Record<string, string>;
  login(email: string): Promise<unknown>;
}

export interface ConcurrentLogins {
  perSecond: number;
  errors: number;
  /** PostgreSQL: of the providers' connections sampled, the share waiting on a lock (`pg_stat_activity`). */
  lockShare: number | undefined;
  /** PostgreSQL: the providers' connections open, on average over the samples. */
  connections: number | undefined;
}

/** Samples the database's client connections every 20 ms: how many there are, how many wait on a lock. */
function lockSampler(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  let waiting = 0;
  let total = 0;
  let samples = 0;
  let stopped = false;
  const running = (async () => {
    await client.connect();
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
    await client.end();
  })();
  return {
    async stop() {
      stopped = true;
      await running;
      return {
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
  const from = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  recording = false;
  const elapsed = (performance.now() - from) / 1000;
  const sampled = await sampler?.stop();
  stopped = true;
  await Promise.all(runs);
  return {
    perSecond: done / elapsed,
    errors,
    lockShare: sampled?.lockShare,
    connections: sampled?.connections,
  };
}
