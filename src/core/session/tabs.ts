/**
 * Tabs agree: the tabs of one app on this origin share the tokens in localStorage, and
 * the browser's `storage` event (fired in every other tab of the origin, never in the writer) says
 * when they change. Tokens gone: that tab logged out, or its refresh found the session ended, and
 * this tab runs its own logout's local steps. Tokens there while this tab is logged out: it reads
 * the user. A changed user (a link, accepted terms) is announced under its own key, and the other
 * tabs read the user again.
 */
import { STORAGE_KEYS } from '../../protocol/constants.js';
import type { SharedStores } from '../../protocol/loader.js';
import type { KeyValueStorage } from '../storage.js';
import type { Session } from './session.js';

/** Starts following the other tabs; returns how to stop. */
export function followOtherTabs(
  session: Session,
  stores: SharedStores,
  storage: KeyValueStorage,
  target: EventTarget = globalThis,
): () => void {
  let reading = false;
  // Login and logout change the tokens; only a change of a logged-in user needs its own announcement.
  let previous = stores.$user.get();
  const stopListening = stores.$user.listen((user) => {
    if (user && previous && !reading) storage.setItem(STORAGE_KEYS.userChanged, String(Date.now()));
    previous = user;
  });
  const readUser = async () => {
    reading = true;
    try {
      await session.readUser();
    } catch {
      // Unreachable provider: this tab keeps what it shows until its own next call.
    } finally {
      reading = false;
    }
  };
  const onStorage = (event: Event) => {
    const { key, newValue } = event as StorageEvent;
    if (key === STORAGE_KEYS.token && newValue === null) void session.endedElsewhere();
    else if (key === STORAGE_KEYS.token ? !session.authenticated : key === STORAGE_KEYS.userChanged)
      void readUser();
  };
  target.addEventListener('storage', onStorage);
  return () => {
    stopListening();
    target.removeEventListener('storage', onStorage);
  };
}
