/** Key files of the provider (`secret.key`, a recovery key file): made once, readable by the owner only. */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from './db/database.js';
import { UserError } from './errors.js';

/** Minimum length of a configured secret: 32 characters carry at least 128 bits even as hex. */
export const SECRET_MIN_LENGTH = 32;

/**
 * 32 random bytes, written beside, then hard-linked into place: the file appears complete or not
 * at all, and a process starting at the same moment keeps the one that won.
 */
export function createKeyFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: PRIVATE_FILE_MODE });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
}

/**
 * Refuses to make a new `file` for a SQLite database that already holds data (a restore without
 * its `secret.key`, say): what it holds is encrypted under the secret that was there, a new one
 * would open none of it. Says so before anything is written; a new or empty database passes.
 */
export function refuseNewKeyBeside(database: string, file: string, setting: string): void {
  let size: number;
  try {
    size = statSync(database).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (size === 0) return;
  throw new UserError(
    `${file} is missing, but the database ${database} already holds data encrypted with the secret that was in it; ` +
      `a new secret would open none of it, so nothing was written. Put back the ${file} that belongs to this ` +
      `database (from the same backup), or set ${setting} to that secret, then start again.`,
  );
}
