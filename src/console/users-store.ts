/**
 * The console's Users section as nanostores: the app searched in, the search's results a page at a
 * time, the open user's page, and the changes made to that user. Each change settles to the API's
 * answer; after one the user's page (or, once deleted, the results) is read again.
 */
import { atom } from 'nanostores';
import type { ConsoleUserDetail, ConsoleUserRow } from '../protocol/console-users.js';
import type { Answer, Failure } from './api.js';
import { usersApi } from './api-users.js';
import { csrf } from './apps-store.js';
import { $view, type Listing } from './store.js';
import { USERS_TEXT } from './texts-users.js';

export interface UserSearch extends Listing<ConsoleUserRow> {
  /** The app searched in; null until one is chosen (or the first app is taken). */
  app: string | null;
  q: string;
  cursor: string | null;
}

export interface OpenUser {
  id: string;
  detail: ConsoleUserDetail | null;
  error: Failure | null;
}

export const $userSearch = atom<UserSearch>({
  app: null,
  q: '',
  rows: [],
  error: null,
  loading: false,
  cursor: null,
});
/** The user whose page shows instead of the results; null when none is. */
export const $openUser = atom<OpenUser | null>(null);
/** What the last change did, announced above the results or the user's page. */
export const $userNotice = atom<string | null>(null);

// What one operator read is not shown to the next one signing in on this page.
$view.subscribe((view) => {
  if (view.state === 'signed-in') return;
  $userSearch.set({ app: null, q: '', rows: [], error: null, loading: false, cursor: null });
  $openUser.set(null);
  $userNotice.set(null);
});

/** The search's first page (`more`: its next page, appended). */
export async function searchUsers(app: string, q: string, more = false): Promise<void> {
  const before = $userSearch.get();
  const shown = more ? before.rows : [];
  const from = more ? before.cursor : null;
  $userSearch.set({ app, q, rows: shown, error: null, loading: true, cursor: from });
  const answer = await usersApi.search(app, q, from);
  const found = answer.ok ? answer.data : { data: [], next_cursor: from };
  const error = answer.ok ? null : answer.error;
  $userSearch.set({
    app,
    q,
    rows: [...shown, ...found.data],
    error,
    loading: false,
    cursor: found.next_cursor,
  });
}

/** Opens (or reads again) a user's page in the searched app. */
export async function openUser(id: string): Promise<void> {
  const app = $userSearch.get().app;
  if (!app) return;
  const open = $openUser.get();
  $openUser.set({ id, detail: open?.id === id ? open.detail : null, error: null });
  const answer = await usersApi.user(app, id);
  if ($openUser.get()?.id !== id) return;
  $openUser.set({ id, detail: answer.ok ? answer.data : null, error: answer.ok ? null : answer.error });
}

export function closeUser(): void {
  $openUser.set(null);
  $userNotice.set(null);
}

/** A change to the open user: the API's answer; on success `notice` is announced and the page read again. */
async function change<T>(
  run: (csrf: string, app: string, user: string) => Promise<Answer<T>>,
  notice: (data: T) => string,
) {
  const app = $userSearch.get().app;
  const user = $openUser.get()?.id;
  if (!app || !user) return { ok: false as const, error: { code: 'not_found', message: USERS_TEXT.none } };
  const answer = await run(csrf(), app, user);
  if (answer.ok) {
    $userNotice.set(notice(answer.data));
    await openUser(user);
  }
  return answer;
}

const D = USERS_TEXT.user.done;

export const revokeSession = (session: string) =>
  change(
    (token, app, user) => usersApi.revokeSession(token, app, user, session),
    () => D.session,
  );
export const revokeAllSessions = () =>
  change(
    (token, app, user) => usersApi.revokeAll(token, app, user),
    (data) => D.sessions(data.revoked),
  );
export const removeMfa = (method: string) =>
  change(
    (token, app, user) => usersApi.removeMfa(token, app, user, method),
    () => D.mfa(method),
  );
export const revokeDevice = (device: string) =>
  change(
    (token, app, user) => usersApi.revokeDevice(token, app, user, device),
    () => D.device,
  );

/** Deletes the open user when `confirm` is their id or email; back to the results, read again. */
export async function deleteUser(confirm: string): Promise<Answer<unknown>> {
  const { app, q } = $userSearch.get();
  const user = $openUser.get()?.id;
  if (!app || !user) return { ok: false, error: { code: 'not_found', message: USERS_TEXT.none } };
  const answer = await usersApi.remove(csrf(), app, user, confirm);
  if (!answer.ok) return answer;
  $openUser.set(null);
  $userNotice.set(D.deleted);
  await searchUsers(app, q);
  return answer;
}
