import type { Kysely, Migration } from 'kysely';

/**
 * Migration 0017: the modules of every widget build served in the last 30 days, so a tab opened
 * before an upgrade still loads its own chunks (http/widget-archive.ts). Text: the modules are
 * UTF-8 JavaScript. Dialect-neutral, never edited once published.
 */
export const widgetArchiveMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('widget_archive')
      .addColumn('path', 'varchar(512)', (column) => column.primaryKey())
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('built_at', 'bigint', (column) => column.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('widget_archive').ifExists().execute();
  },
};
