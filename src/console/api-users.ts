/** The console's Users API (protocol/console-users.ts), as the pages call it: every call settles to an Answer. */
import {
  type ConsoleUserDetail,
  type ConsoleUserPage,
  CONSOLE_USER_PATHS as P,
} from '../protocol/console-users.js';
import { type Answer, appPath, call, send } from './api.js';

type Done = Answer<{ success: true }>;

const userPath = (path: string, app: string, user: string, extra: Record<string, string> = {}) =>
  Object.entries({ user, ...extra }).reduce(
    (made, [name, value]) => made.replace(`:${name}`, encodeURIComponent(value)),
    appPath(path, app),
  );

export const usersApi = {
  search: (app: string, q: string, cursor: string | null): Promise<Answer<ConsoleUserPage>> => {
    const query = new URLSearchParams({ q, ...(cursor ? { cursor } : {}) });
    return call(`${appPath(P.users, app)}?${query}`);
  },
  user: (app: string, user: string): Promise<Answer<ConsoleUserDetail>> => call(userPath(P.user, app, user)),
  remove: (csrf: string, app: string, user: string, confirm: string): Promise<Done> =>
    send('DELETE', userPath(P.user, app, user), { confirm }, csrf),
  revokeAll: (csrf: string, app: string, user: string): Promise<Answer<{ revoked: number }>> =>
    send('DELETE', userPath(P.sessions, app, user), {}, csrf),
  revokeSession: (csrf: string, app: string, user: string, session: string): Promise<Done> =>
    send('DELETE', userPath(P.session, app, user, { session }), {}, csrf),
  removeMfa: (csrf: string, app: string, user: string, method: string): Promise<Done> =>
    send('DELETE', userPath(P.mfa, app, user, { method }), {}, csrf),
  revokeDevice: (csrf: string, app: string, user: string, device: string): Promise<Done> =>
    send('DELETE', userPath(P.device, app, user, { device }), {}, csrf),
};
