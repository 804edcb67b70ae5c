/**
 * The console's user search at scale (`console-users` scenario of bench:server, SQLite): a provider
 * whose app holds BENCH_CONSOLE_USERS users (1,000,000 by default), each with an email account and
 * a wallet account, searched through the HTTP API as the console's pages do, by email (its start
 * and an exact address), by wallet address and by user id. Each search is timed alone, one after
 * another: the median and p99 per kind.
 */
import { sql } from 'kysely';
import { parseDatabaseUrl } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import { BenchProvider, seedUsers } from './providers.js';

export const CONSOLE_USERS = Number(process.env.BENCH_CONSOLE_USERS ?? 1_000_000);
/** Searches timed per kind. */
const SEARCHES = Number(process.env.BENCH_CONSOLE_SEARCHES ?? 200);
/** The console's search must answer within this, at the median and p99. */
export const SEARCH_TARGET_MS = 50;

/** A `wallet` account for every user of the app (one statement: SQLite makes the addresses). */
async function seedWallets(databaseUrl: string, appId: string): Promise<void> {
  const db = openDatabase(parseDatabaseUrl(databaseUrl));
  try {
    await sql`insert into linked_accounts (id, user_id, app_id, type, subject, data, verified_email,
      first_verified_at, latest_verified_at)
      select 'wall' || substr(id, 5), id, app_id, 'wallet', '0x' || lower(hex(randomblob(20))), '{}', null,
        created_at, created_at from users where app_id = ${appId}`.execute(db);
  } finally {
    await db.destroy();
  }
}

/** `n` users spread over the table: their ids, emails and wallet addresses. */
async function samples(databaseUrl: string, appId: string, n: number) {
  const db = openDatabase(parseDatabaseUrl(databaseUrl));
  try {
    const step = Math.max(1, Math.floor(CONSOLE_USERS / n));
    const ids = Array.from(
      { length: Math.min(n, CONSOLE_USERS) },
      (_, i) => `seed${String(i * step).padStart(21, '0')}`,
    );
    const wallets = await db
      .selectFrom('linked_accounts')
      .select(['user_id', 'subject'])
      .where('app_id', '=', appId)
      .where('type', '=', 'wallet')
      .where('user_id', 'in', ids)
      .execute();
    return ids.map((id, i) => ({
      id,
      email: `seeded-${i * step}@example.com`,
      wallet: wallets.find((row) => row.user_id === id)?.subject as string,
    }));
  } finally {
    await db.destroy();
  }
}

/** An operator's session cookie, from a `gatehouse console link` opened without following its redirect. */
async function operatorCookie(provider: BenchProvider): Promise<string> {
  const link = (await provider.provider.cli('console', 'link')).trim();
  const response = await fetch(link, { redirect: 'manual', headers: { accept: 'application/json' } });
  const cookie = response.headers.get('set-cookie');
  if (!cookie) throw new Error(`console link: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0] as string;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
};

export interface SearchTiming {
  kind: string;
  median: number;
  p99: number;
  errors: number;
}

/** Seeds the users, then times each kind of search; the seeding's seconds too. */
export async function consoleUserSearch(env: Record<string, string>, nodeArgs: string[]) {
  const provider = new BenchProvider({ ...env, GATEHOUSE_CONSOLE: 'true' }, nodeArgs);
  try {
    await provider.start();
    const url = env.GATEHOUSE_DATABASE_URL as string;
    const started = performance.now();
    await seedUsers(url, provider.appId, CONSOLE_USERS);
    await seedWallets(url, provider.appId);
    const seedSeconds = (performance.now() - started) / 1000;
    const users = await samples(url, provider.appId, SEARCHES);
    const cookie = await operatorCookie(provider);
    const base = `${provider.provider.url}/api/v1/console/apps/${provider.appId}/users?q=`;
    const kinds: Record<string, (user: (typeof users)[number]) => string> = {
      'email prefix': (user) => user.email.slice(0, user.email.indexOf('@') + 1),
      'exact email': (user) => user.email.toUpperCase(),
      'wallet address': (user) => user.wallet,
      'user id': (user) => user.id,
    };
    const timings: SearchTiming[] = [];
    for (const [kind, query] of Object.entries(kinds)) {
      const times: number[] = [];
      let errors = 0;
      for (const user of users) {
        const start = performance.now();
        const response = await fetch(`${base}${encodeURIComponent(query(user))}`, { headers: { cookie } });
        const body = (await response.json()) as { data?: Array<{ id: string }> };
        times.push(performance.now() - start);
        if (!response.ok || !body.data?.some((row) => row.id === user.id)) errors += 1;
      }
      timings.push({ kind, median: percentile(times, 0.5), p99: percentile(times, 0.99), errors });
    }
    return { seedSeconds, timings };
  } finally {
    await provider.stop();
  }
}
