/** Opening and closing the services' outside resources: the database's reach, and an orderly close. */
import { sql } from 'kysely';
import { type Db, redactedUrl } from '../db/database.js';
import { UserError } from '../errors.js';
import type { AnalyticsService } from './analytics.js';
import type { Mailer } from './login/mail.js';

/** Fails with a clear message (without the password) when PostgreSQL cannot be reached. */
export async function reach(db: Db, url: string): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UserError(`Cannot reach the PostgreSQL database ${redactedUrl(url)}: ${reason}`);
  }
}

/** The last counts written (their loss never stops a close), the queued mail sent, the database closed. */
export async function closeAll(analytics: AnalyticsService, mailer: Mailer, db: Db): Promise<void> {
  await analytics.logins.flush().catch(() => {});
  await mailer.close();
  await db.destroy();
}
