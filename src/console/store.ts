/**
 * What the console shows, as nanostores: signed in or out (with why), the apps, the audit log read
 * a page at a time. The views render these and call the actions here; only this file calls the API.
 */
import { atom } from 'nanostores';
import { CONSOLE_LINK_EXPIRED_QUERY } from '../protocol/console.js';
import { type Answer, type AuditRow, api, type ConsoleApp, type Failure, type Session } from './api.js';
import { TEXT } from './texts.js';

export type View =
  | { state: 'loading' }
  | { state: 'signed-out'; notice: string | null }
  | { state: 'signed-in'; session: Session };

export interface Listing<T> {
  rows: T[];
  error: Failure | null;
  loading: boolean;
}

export interface AuditListing extends Listing<AuditRow> {
  cursor: string | null;
}

export const $view = atom<View>({ state: 'loading' });
export const $apps = atom<Listing<ConsoleApp>>({ rows: [], error: null, loading: true });
export const $audit = atom<AuditListing>({ rows: [], error: null, loading: true, cursor: null });

// What one operator read is not shown to the next one signing in on this page.
$view.subscribe((view) => {
  if (view.state === 'signed-in') return;
  $apps.set({ rows: [], error: null, loading: true });
  $audit.set({ rows: [], error: null, loading: true, cursor: null });
});

/** The notice a spent link's landing (`?link=expired`) brings, once: the query is then dropped. */
function linkNotice(): string | null {
  const { name, value } = CONSOLE_LINK_EXPIRED_QUERY;
  const params = new URLSearchParams(location.search);
  if (params.get(name) !== value) return null;
  history.replaceState(null, '', location.pathname);
  return TEXT.signIn.linkExpired;
}

/** The apps, read again; those shown stay until the answer comes. */
export async function loadApps(): Promise<void> {
  $apps.set({ ...$apps.get(), error: null, loading: true });
  const answer = await api.apps();
  $apps.set({
    rows: answer.ok ? answer.data.data : [],
    error: answer.ok ? null : answer.error,
    loading: false,
  });
}

/** The audit log's next page (the first when `from` is null), appended to what is shown. */
export async function loadAudit(from: string | null = $audit.get().cursor): Promise<void> {
  const shown = from === null ? [] : $audit.get().rows;
  $audit.set({ rows: shown, error: null, loading: true, cursor: from });
  const answer = await api.audit(from);
  if (!answer.ok) return $audit.set({ rows: shown, error: answer.error, loading: false, cursor: from });
  const { data, next_cursor } = answer.data;
  $audit.set({ rows: [...shown, ...data], error: null, loading: false, cursor: next_cursor });
}

function enter(session: Session): void {
  $view.set({ state: 'signed-in', session });
  void loadApps();
}

/** On opening the pages: the session the cookie holds, or the sign-in form. */
export async function start(): Promise<void> {
  const notice = linkNotice();
  const answer = await api.session();
  if (answer.ok) enter(answer.data);
  else $view.set({ state: 'signed-out', notice });
}

/** Mails a code to `email` when it is an operator's; settles to the API's answer. */
export const sendCode = (email: string): Promise<Answer<unknown>> => api.startCode(email);

/** Signs in with a mailed code; on success the console shows. */
export async function verifyCode(email: string, code: string): Promise<Answer<Session>> {
  const answer = await api.verifyCode(email, code);
  if (answer.ok) enter(answer.data);
  return answer;
}

/** Ends the session; the sign-in form shows, saying so. Another error leaves the console as it is. */
export async function signOut(): Promise<Failure | null> {
  const view = $view.get();
  if (view.state !== 'signed-in') return null;
  const answer = await api.signOut(view.session.csrf_token);
  // A session that already ended (expired, or its operator removed) is as good as signed out.
  if (!answer.ok && answer.error.code !== 'console_session_required') return answer.error;
  $view.set({ state: 'signed-out', notice: TEXT.header.signedOut });
  return null;
}
