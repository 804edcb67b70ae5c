import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL pages the writing connection lets pile up before it checkpoints on its own (SQLite's default
 * is 1,000): a backstop while the checkpointer below keeps the WAL copied back. When the backstop
 * runs, almost every frame is already in the database file, so it is short; and it is what lets
 * the WAL start over from its beginning (which only a checkpoint that finds every frame copied can
 * do), so the file stays under about 16 MB however long writes go on.
 */
export const WAL_BACKSTOP_PAGES = 4000;

/** How long after a write the checkpointer waits, so one checkpoint copies the writes of many commits. */
const CHECKPOINT_DELAY_MS = 10;

// The worker, CommonJS evaluated from this string, so the same code runs from the TypeScript
// sources under the tests and from the build. Its own connection to the file runs PASSIVE
// checkpoints, which never wait for or block a reader or a writer: one that finds another
// checkpoint running or a frame still needed by a reader copies what it can, and the next one
// (or the backstop) does the rest, so an error here is nothing to report.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.path);
database.exec('PRAGMA busy_timeout = 0');
const checkpoint = database.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let timer;
parentPort.on('message', (message) => {
  if (message === 'close') {
    clearTimeout(timer);
    database.close();
    parentPort.close();
    return;
  }
  timer ??= setTimeout(() => {
    timer = undefined;
    try { checkpoint.get(); } catch {}
    parentPort.postMessage('done');
  }, workerData.delay);
});
`;

/**
 * Copies the WAL back into the database file on a thread of its own. libsql is synchronous, and
 * SQLite's automatic checkpoint runs inside the COMMIT that crosses its threshold, on the event
 * loop: copying a thousand pages and syncing two files there stalled every request in flight by
 * up to ~20 ms a few times a second under a stream of refreshes, which was most of their p99.
 * After each write the process tells the worker, which checkpoints a moment later; at most one
 * request is outstanding, so a burst of commits costs one message.
 */
export class WalCheckpointer {
  readonly #worker: Worker;
  #pending = false;
  #alive = true;
  readonly #exited: Promise<void>;

  constructor(path: string) {
    const driver = createRequire(import.meta.url).resolve('libsql');
    this.#worker = new Worker(WORKER, {
      eval: true,
      workerData: { driver, path, delay: CHECKPOINT_DELAY_MS },
    });
    this.#worker.unref();
    this.#worker.on('message', () => {
      this.#pending = false;
    });
    // A worker that could not start (or died) leaves the backstop to do all the checkpoints.
    this.#worker.on('error', () => {
      this.#alive = false;
    });
    this.#exited = new Promise((resolve) => this.#worker.once('exit', () => resolve()));
  }

  /** Something may have been committed: checkpoint soon, unless a checkpoint is already due. */
  wrote(): void {
    if (this.#pending || !this.#alive) return;
    this.#pending = true;
    this.#worker.postMessage('wrote');
  }

  /** Closes the worker's connection and waits for the thread to end. */
  async close(): Promise<void> {
    if (this.#alive) {
      this.#alive = false;
      // Referenced again, so the process waits for the thread (unreferenced, a process with
      // nothing else left to do would exit mid-close, its top-level await unsettled).
      this.#worker.ref();
      this.#worker.postMessage('close');
    }
    await this.#exited;
  }
}
