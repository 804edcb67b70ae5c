/**
 * The device share, in the frame's IndexedDB (provider origin), keyed by app id and address.
 * This module is the frame's only IndexedDB access.
 *
 * A browser may refuse storage to a frame of another site (third-party site data blocked, as in
 * Chrome's Incognito): the share is then kept in this frame's memory only, so the next page load
 * recovers the wallet (silently for 'gatehouse', with the password for 'user-passcode').
 */

export interface DeviceShareStore {
  get(appId: string, address: string): Promise<Uint8Array | undefined>;
  put(appId: string, address: string, share: Uint8Array): Promise<void>;
  delete(appId: string, address: string): Promise<void>;
}

const DB_NAME = 'gatehouse-wallet';
const DB_VERSION = 1;
const STORE = 'device-shares';

/** One key per app and wallet; addresses compared without case. */
export const deviceShareKey = (appId: string, address: string): string => `${appId}:${address.toLowerCase()}`;

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DB_NAME, DB_VERSION);
  request.onupgradeneeded = () => {
    if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
  };
  return promised(request);
}

/** Runs `work` in one transaction and resolves once it has committed. */
async function inStore<T>(
  db: Promise<IDBDatabase>,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const transaction = (await db).transaction(STORE, mode);
  const done = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
  const result = await promised(work(transaction.objectStore(STORE)));
  await done;
  return result;
}

export function indexedDbShareStore(factory: IDBFactory = globalThis.indexedDB): DeviceShareStore {
  let db: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    db ??= openDb(factory).catch((error: unknown) => {
      db = undefined;
      throw error;
    });
    return db;
  };
  return {
    async get(appId, address) {
      const value: unknown = await inStore(open(), 'readonly', (store) =>
        store.get(deviceShareKey(appId, address)),
      );
      return value instanceof Uint8Array ? value : undefined;
    },
    async put(appId, address, share) {
      await inStore(open(), 'readwrite', (store) => store.put(share.slice(), deviceShareKey(appId, address)));
    },
    async delete(appId, address) {
      await inStore(open(), 'readwrite', (store) => store.delete(deviceShareKey(appId, address)));
    },
  };
}

/** A store in this document's memory only. */
export function memoryShareStore(): DeviceShareStore {
  const values = new Map<string, Uint8Array>();
  return {
    async get(appId, address) {
      return values.get(deviceShareKey(appId, address))?.slice();
    },
    async put(appId, address, share) {
      values.set(deviceShareKey(appId, address), share.slice());
    },
    async delete(appId, address) {
      values.delete(deviceShareKey(appId, address));
    },
  };
}

/** IndexedDB, or this document's memory when the browser refuses IndexedDB to the frame. */
export function deviceShareStore(factory: IDBFactory | undefined = globalThis.indexedDB): DeviceShareStore {
  const memory = memoryShareStore();
  let persistent: DeviceShareStore | undefined = factory ? indexedDbShareStore(factory) : undefined;
  const attempt = async <T>(work: (store: DeviceShareStore) => Promise<T>): Promise<T> => {
    if (persistent) {
      try {
        return await work(persistent);
      } catch {
        persistent = undefined;
      }
    }
    return work(memory);
  };
  return {
    get: (appId, address) => attempt((store) => store.get(appId, address)),
    put: (appId, address, share) => attempt((store) => store.put(appId, address, share)),
    delete: (appId, address) => attempt((store) => store.delete(appId, address)),
  };
}
