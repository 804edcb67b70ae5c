import { QUERY_PARAMS, STORAGE_KEYS } from '../../protocol/constants.js';
import type { KeyValueStorage } from '../storage.js';

/** The parts of `window` read here, so tests can hand in their own. */
export interface PageAddress {
  location?: { href: string };
  history?: { state: unknown; replaceState(data: unknown, unused: string, url?: string): void };
}

/**
 * §2.1: `gatehouse_token` in the host page's address (a session handed over by
 * `LoginWidget.forkSession()` on another page) is stored as the forked recovery token, then removed
 * from the address without a reload. The session restore uses it (§4.1).
 */
export function adoptForkedToken(storage: KeyValueStorage, page: PageAddress = globalThis): void {
  const href = page.location?.href;
  if (!href) return;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return;
  }
  if (!url.searchParams.has(QUERY_PARAMS.token)) return;
  const token = url.searchParams.get(QUERY_PARAMS.token);
  if (token) storage.setItem(STORAGE_KEYS.forkedToken, token);
  url.searchParams.delete(QUERY_PARAMS.token);
  try {
    page.history?.replaceState(page.history.state, '', url.toString());
  } catch {
    // A sandboxed page may refuse; the token is stored all the same.
  }
}
