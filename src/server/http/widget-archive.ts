/**
 * Earlier widget builds stay served after an upgrade: a tab opened before the upgrade
 * still imports its own build's chunks (content-hashed names under /widget/<version>/) when it
 * opens a screen. Each process records the files of the build it serves in the database at start
 * (the one place every process and every host shares, fresh containers included), and /widget/
 * paths the current build lacks are answered from there. Builds no process has served for
 * WIDGET_ARCHIVE_DAYS are dropped.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { type Db, lockedTransaction } from '../db/database.js';
import { lockKeys } from '../db/lock-keys.js';

/** How long a build stays served after the last process that served it stopped being started. */
const WIDGET_ARCHIVE_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

async function builtFiles(widgetDir: string): Promise<string[]> {
  try {
    const entries = await readdir(widgetDir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
      .map((entry) => join(entry.parentPath, entry.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Records this build's widget modules (`<version>/…` paths) and drops builds long unserved. */
export async function archiveWidgetBuild(db: Db, widgetDir: string, now: number): Promise<void> {
  const files = await builtFiles(widgetDir);
  const rows = await Promise.all(
    files.map(async (file) => ({
      path: relative(widgetDir, file).split(sep).join('/'),
      body: await readFile(file, 'utf8'),
      built_at: now,
    })),
  );
  // Keyed: processes starting together upsert the same rows one after the other, not interleaved.
  await lockedTransaction(db, [lockKeys.startup('widget-archive')], async (trx) => {
    for (const row of rows) {
      await trx
        .insertInto('widget_archive')
        .values(row)
        .onConflict((conflict) => conflict.column('path').doUpdateSet({ body: row.body, built_at: now }))
        .execute();
    }
    await trx
      .deleteFrom('widget_archive')
      .where('built_at', '<', now - WIDGET_ARCHIVE_DAYS * DAY_MS)
      .execute();
  });
}

/** The module at `path` (`<version>/…`) of an earlier build, if one was served. */
export async function archivedWidgetModule(db: Db, path: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('widget_archive')
    .select('body')
    .where('path', '=', path)
    .executeTakeFirst();
  return row?.body;
}
