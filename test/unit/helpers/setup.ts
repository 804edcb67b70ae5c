import { atom } from 'nanostores';
import type { GatehouseOptions } from '../../../src/core/context.js';
import { Gatehouse } from '../../../src/core/gatehouse.js';
import { memoryStorage } from '../../../src/core/storage.js';
import type { SharedStores, User } from '../../../src/protocol/index.js';
import { API_URL, APP_ID, FakeProvider } from './fake-provider.js';

/** The stores the loader would own. */
export function createStores(): SharedStores {
  return {
    $ready: atom(false),
    $user: atom<User | null>(null),
    $authenticated: atom(false),
    $wallets: atom([]),
  };
}

export interface EventLog {
  target: EventTarget;
  seen: Array<{ name: string; detail: unknown }>;
}

export function eventLog(): EventLog {
  const target = new EventTarget();
  const seen: EventLog['seen'] = [];
  for (const name of ['login:success', 'login:error', 'logout']) {
    target.addEventListener(name, (event) => seen.push({ name, detail: (event as CustomEvent).detail }));
  }
  return { target, seen };
}

/** A client against the fake provider, with no waiting between retries. */
export function createClient(overrides: Partial<GatehouseOptions> = {}, provider = new FakeProvider()) {
  const events = eventLog();
  const storage = overrides.storage ?? memoryStorage();
  const gatehouse = new Gatehouse({
    appId: APP_ID,
    apiUrl: API_URL,
    stores: createStores(),
    fetch: provider.fetch,
    sleep: async () => {},
    storage,
    events: events.target,
    ...overrides,
  });
  return { gatehouse, provider, events, storage };
}
