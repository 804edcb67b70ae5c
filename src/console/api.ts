/** The console's JSON API (protocol/console.ts), as the pages call it: every call settles to an Answer. */
import type { AppConfigWire } from '../protocol/api.js';
import { CONSOLE_CSRF_HEADER, CONSOLE_API_PATHS as PATHS } from '../protocol/console.js';
import { CONSOLE_APP_PATHS } from '../protocol/console-apps.js';
import { TEXT } from './texts.js';

export interface Failure {
  code: string;
  message: string;
}

export type Answer<T> = { ok: true; data: T } | { ok: false; error: Failure };

export interface Operator {
  id: string;
  email: string;
}

export interface Session {
  operator: Operator;
  csrf_token: string;
}

export interface ConsoleApp {
  id: string;
  name: string;
  allowed_origins: string[];
  created_at: number;
}

export interface AuditRow {
  id: string;
  actor: string;
  /** The acting operator's email; null when the actor is no operator. */
  actor_email: string | null;
  action: string;
  target: string;
  at: number;
}

/** An app's settings as `gatehouse apps show` shows them; server-only ones by name only. */
export interface AppSettingsAnswer {
  config: AppConfigWire;
  server_only_settings: string[];
}

export interface AuditPage {
  data: AuditRow[];
  next_cursor: string | null;
}

const unreachable: Failure = { code: 'network_error', message: TEXT.unreachable };

const isFailure = (body: unknown): body is Failure =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as Failure).code === 'string' &&
  typeof (body as Failure).message === 'string';

/** A request to the console's API, settled to its answer (or a failure: never a throw). */
export async function call<T>(path: string, init: RequestInit = {}): Promise<Answer<T>> {
  try {
    const response = await fetch(path, { credentials: 'same-origin', ...init });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return { ok: true, data: body as T };
    return { ok: false, error: isFailure(body) ? body : unreachable };
  } catch {
    return { ok: false, error: unreachable };
  }
}

/** A JSON request with the session's CSRF token (every change sends it). */
export const send = <T>(method: string, path: string, body: unknown, csrf?: string) =>
  call<T>(path, {
    method,
    headers: { 'content-type': 'application/json', ...(csrf ? { [CONSOLE_CSRF_HEADER]: csrf } : {}) },
    body: JSON.stringify(body),
  });
const post = <T>(path: string, body: unknown, csrf?: string) => send<T>('POST', path, body, csrf);
export const appPath = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

export const api = {
  session: () => call<Session>(PATHS.session),
  startCode: (email: string) => post<{ success: true }>(PATHS.emailCodeStart, { email }),
  verifyCode: (email: string, code: string) => post<Session>(PATHS.emailCodeVerify, { email, code }),
  signOut: (csrf: string) => post<{ success: true }>(PATHS.signOut, {}, csrf),
  apps: () => call<{ data: ConsoleApp[] }>(PATHS.apps),
  createApp: (csrf: string, name: string, allowed_origins: string[]) =>
    post<ConsoleApp>(PATHS.apps, { name, allowed_origins }, csrf),
  renameApp: (csrf: string, id: string, name: string) =>
    send<ConsoleApp>('PATCH', appPath(CONSOLE_APP_PATHS.app, id), { name }, csrf),
  deleteApp: (csrf: string, id: string, confirm: string) =>
    send<{ success: true }>('DELETE', appPath(CONSOLE_APP_PATHS.app, id), { confirm }, csrf),
  settings: (id: string) => call<AppSettingsAnswer>(appPath(CONSOLE_APP_PATHS.settings, id)),
  changeSettings: (csrf: string, id: string, changes: Record<string, unknown>) =>
    send<AppSettingsAnswer>('PATCH', appPath(CONSOLE_APP_PATHS.settings, id), changes, csrf),
  audit: (cursor: string | null) =>
    call<AuditPage>(cursor ? `${PATHS.audit}?cursor=${encodeURIComponent(cursor)}` : PATHS.audit),
};
