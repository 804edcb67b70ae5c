/**
 * What this browser keeps of a wallet, in the frame's IndexedDB (provider origin), keyed by app id
 * and address: the device share, and the device key (device-key.ts: a non-extractable CryptoKey,
 * which IndexedDB keeps as it is, without exposing it). This module is the frame's only IndexedDB
 * access.
 *
 * A browser may refuse storage to a frame of another site (third-party site data blocked, as in
 * Chrome's Incognito): both are then kept in this frame's memory only, so the next page load
 * recovers the wallet (which needs a recent login, and the password for 'user-passcode').
 */
import type { DeviceKey } from './device-key.js';

export interface DeviceShareStore {
  get(appId: string, address: string): Promise<Uint8Array | undefined>;
  put(appId: string, address: string, share: Uint8Array): Promise<void>;
  delete(appId: string, address: string): Promise<void>;
}

export interface DeviceKeyStore {
  getKey(appId: string, address: string): Promise<DeviceKey | undefined>;
  putKey(appId: string, address: string, key: DeviceKey): Promise<void>;
  deleteKey(appId: string, address: string): Promise<void>;
}

/** A browser profile's store of both. */
export interface DeviceStore extends DeviceShareStore, DeviceKeyStore {}

const DB_NAME = 'gatehouse-wallet';
const DB_VERSION = 2;
const SHARES = 'device-shares';
const KEYS = 'device-keys';

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
    for (const name of [SHARES, KEYS]) {
      if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name);
    }
  };
  return promised(request);
}

/** Runs `work` in one transaction of one object store and resolves once it has committed. */
async function inStore<T>(
  db: Promise<IDBDatabase>,
  name: string,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const transaction = (await db).transaction(name, mode);
  const done = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
  const result = await promised(work(transaction.objectStore(name)));
  await done;
  return result;
}

function isDeviceKey(value: unknown): value is DeviceKey {
  const key = value as Partial<DeviceKey> | null;
  return (
    typeof key === 'object' &&
    key !== null &&
    typeof key.id === 'string' &&
    typeof key.privateKey === 'object'
  );
}

function indexedDbStore(factory: IDBFactory = globalThis.indexedDB): DeviceStore {
  let db: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    db ??= openDb(factory).catch((error: unknown) => {
      db = undefined;
      throw error;
    });
    return db;
  };
  const read = (name: string, appId: string, address: string): Promise<unknown> =>
    inStore(open(), name, 'readonly', (store) => store.get(deviceShareKey(appId, address)));
  const write = async (name: string, appId: string, address: string, value: unknown): Promise<void> => {
    await inStore(open(), name, 'readwrite', (store) => store.put(value, deviceShareKey(appId, address)));
  };
  const remove = async (name: string, appId: string, address: string): Promise<void> => {
    await inStore(open(), name, 'readwrite', (store) => store.delete(deviceShareKey(appId, address)));
  };
  return {
    async get(appId, address) {
      const value = await read(SHARES, appId, address);
      return value instanceof Uint8Array ? value : undefined;
    },
    put: (appId, address, share) => write(SHARES, appId, address, share.slice()),
    delete: (appId, address) => remove(SHARES, appId, address),
    async getKey(appId, address) {
      const value = await read(KEYS, appId, address);
      return isDeviceKey(value) ? value : undefined;
    },
    putKey: (appId, address, key) => write(KEYS, appId, address, key),
    deleteKey: (appId, address) => remove(KEYS, appId, address),
  };
}

/** A store in this document's memory only. */
export function memoryStore(): DeviceStore {
  const shares = new Map<string, Uint8Array>();
  const keys = new Map<string, DeviceKey>();
  return {
    async get(appId, address) {
      return shares.get(deviceShareKey(appId, address))?.slice();
    },
    async put(appId, address, share) {
      shares.set(deviceShareKey(appId, address), share.slice());
    },
    async delete(appId, address) {
      shares.delete(deviceShareKey(appId, address));
    },
    async getKey(appId, address) {
      return keys.get(deviceShareKey(appId, address));
    },
    async putKey(appId, address, key) {
      keys.set(deviceShareKey(appId, address), key);
    },
    async deleteKey(appId, address) {
      keys.delete(deviceShareKey(appId, address));
    },
  };
}

/** IndexedDB, or this document's memory when the browser refuses IndexedDB to the frame. */
export function deviceStore(factory: IDBFactory | undefined = globalThis.indexedDB): DeviceStore {
  const memory = memoryStore();
  let persistent: DeviceStore | undefined = factory ? indexedDbStore(factory) : undefined;
  const attempt = async <T>(work: (store: DeviceStore) => Promise<T>): Promise<T> => {
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
    getKey: (appId, address) => attempt((store) => store.getKey(appId, address)),
    putKey: (appId, address, key) => attempt((store) => store.putKey(appId, address, key)),
    deleteKey: (appId, address) => attempt((store) => store.deleteKey(appId, address)),
  };
}
