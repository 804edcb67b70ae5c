/**
 * The console's changes to apps: create, rename, settings, delete. Each settles to the API's
 * answer; after a change the apps and the audit log are read again.
 */
import { atom } from 'nanostores';
import { type Answer, type AppSettingsAnswer, api, type ConsoleApp } from './api.js';
import { $view, loadApps } from './store.js';

/** The app whose page is open under the list, by id; null when none is. */
export const $openApp = atom<string | null>(null);

/** The signed-in session's CSRF token, which every change sends. */
export const csrf = (): string => {
  const view = $view.get();
  return view.state === 'signed-in' ? view.session.csrf_token : '';
};

async function refreshed<T>(answer: Answer<T>): Promise<Answer<T>> {
  if (answer.ok) await loadApps();
  return answer;
}

/** Creates an app and opens its page. */
export async function createApp(name: string, origins: string[]): Promise<Answer<ConsoleApp>> {
  const answer = await api.createApp(csrf(), name, origins);
  if (answer.ok) $openApp.set(answer.data.id);
  return refreshed(answer);
}

export const renameApp = async (id: string, name: string): Promise<Answer<ConsoleApp>> =>
  refreshed(await api.renameApp(csrf(), id, name));

/** Deletes an app when `confirm` is its name; its page closes. */
export async function deleteApp(id: string, confirm: string): Promise<Answer<unknown>> {
  const answer = await api.deleteApp(csrf(), id, confirm);
  if (answer.ok) $openApp.set(null);
  return refreshed(answer);
}

export const readSettings = (id: string): Promise<Answer<AppSettingsAnswer>> => api.settings(id);

/** Changes the settings named in `changes` (all or none): the settings as they now are. */
export const saveSettings = async (
  id: string,
  changes: Record<string, unknown>,
): Promise<Answer<AppSettingsAnswer>> => refreshed(await api.changeSettings(csrf(), id, changes));

/** What the apps' list says of the last deletion, until another app opens. */
export const $appNotice = atom<string | null>(null);
$openApp.subscribe((id) => {
  if (id) $appNotice.set(null);
});
// Signed out, no app stays open for the next operator signing in on this page.
$view.subscribe((view) => {
  if (view.state === 'signed-in') return;
  $openApp.set(null);
  $appNotice.set(null);
});
