import { STORAGE_KEYS } from '../protocol/constants.js';
import type { KeyValueStorage } from './storage.js';

/** The client analytics id (`gatehouse-ca-id`): random, made once per browser and kept. */
export function clientAnalyticsId(storage: KeyValueStorage): string {
  const stored = storage.getItem(STORAGE_KEYS.clientAnalyticsId);
  if (stored) return stored;
  // getRandomValues works on plain-http pages too, where randomUUID does not exist.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  storage.setItem(STORAGE_KEYS.clientAnalyticsId, id);
  return id;
}
