import { WEBHOOK_FIELDS } from '../webhooks/outbox.js';
import { ALLOWLIST_FIELDS } from './allowlist.js';
import type { AppSecrets } from './app-secrets.js';
import type { AppFound } from './apps.js';

/** What a login reads of its app's server-only settings: the allowlist's and the webhooks'. */
const NAMES = [...ALLOWLIST_FIELDS, ...WEBHOOK_FIELDS];

/** Apps whose login settings a process keeps, at most (as many as it keeps apps). */
const KEPT = 1000;

/**
 * What a login reads of its app's server-only settings (NAMES), kept per app while its
 * `updated_at` stays the one the request found: every change of a setting moves it
 * (AppSecrets.setIn), and every request finds its app first, so a change counts from the next
 * request on, in every process, as a change of the app does. A login then reads no settings: one
 * round trip fewer on PostgreSQL, and no decryption. Given only an id, they are read.
 */
export function loginSettingsOf(secrets: AppSecrets) {
  const kept = new Map<string, { stamp: number; settings: Record<string, string> }>();
  return async (app: AppFound): Promise<Record<string, string>> => {
    if (typeof app === 'string') return (await secrets.read(app, NAMES)) as Record<string, string>;
    const hit = kept.get(app.id);
    if (hit?.stamp === app.updatedAt) return hit.settings;
    const settings = Object.freeze((await secrets.read(app.id, NAMES)) as Record<string, string>);
    kept.delete(app.id);
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(app.id, { stamp: app.updatedAt, settings });
    return settings;
  };
}
