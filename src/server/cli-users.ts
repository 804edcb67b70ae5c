/**
 * `gatehouse users …`: an app's users as the server-to-server API gives them (UserAdmin, the
 * same JSON and the same delete), for an operator at the console.
 */

import type { UserWire } from '../protocol/api.js';
import { USER_PAGE_MAX } from '../protocol/backend-api.js';
import { type Command, type CommandGroup, integerOption } from './cli-args.js';
import { type CliIo, json, withServices } from './cli-operations.js';
import type { ServerConfig } from './config.js';
import { ApiError, UserError } from './errors.js';
import type { Services } from './services/index.js';

/** The app of a user (a user id is unique across apps), or "User not found". */
async function appOfUser(services: Services, userId: string): Promise<string> {
  const row = await services.db
    .selectFrom('users')
    .select('app_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new UserError(`User not found: ${userId}`);
  return row.app_id;
}

/** A user's linked accounts in one word each: `email:ada@example.com`, `phone:+1…`, `wallet:0x…`. */
function accounts(user: UserWire): string {
  return user.linked_accounts
    .map((account) => {
      const fields = account as Record<string, unknown>;
      const value = fields.address ?? fields.number ?? fields.username ?? fields.subject;
      return typeof value === 'string' ? `${account.type}:${value}` : account.type;
    })
    .join(',');
}

/** Up to `limit` users of the app (all without one), oldest first, a page at a time. */
async function readUsers(services: Services, appId: string, limit = Number.POSITIVE_INFINITY) {
  const users: UserWire[] = [];
  let cursor: string | undefined;
  do {
    const page = await services.userAdmin.list(appId, Math.min(USER_PAGE_MAX, limit - users.length), cursor);
    users.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined && users.length < limit);
  return users;
}

async function usersList(
  appId: string,
  asJson: boolean,
  limit: number | undefined,
  config: ServerConfig,
  io: CliIo,
) {
  return withServices(config, async (services) => {
    if (!(await services.apps.find(appId))) throw new UserError(`App not found: ${appId}`);
    const users = await readUsers(services, appId, limit);
    if (asJson) io.stdout(json(users));
    for (const user of asJson ? [] : users)
      io.stdout(`${user.id}\t${new Date(user.created_at * 1000).toISOString()}\t${accounts(user)}\n`);
    if (!asJson && users.length === 0) io.stderr('No users yet.\n');
    return 0;
  });
}

/** The user of `userId` through UserAdmin (its app found first); "User not found" for none. */
async function withUser(
  config: ServerConfig,
  userId: string,
  run: (services: Services, appId: string) => Promise<UserWire>,
): Promise<UserWire> {
  return withServices(config, async (services) => {
    const appId = await appOfUser(services, userId);
    try {
      return await run(services, appId);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'user_not_found')
        throw new UserError(`User not found: ${userId}`);
      throw error;
    }
  });
}

const list: Command = {
  usage:
    'gatehouse users list <app id> [--json] [--limit <n>]\n' +
    '  List the users of an app, oldest first: id, created, linked accounts (or the users as JSON)',
  options: { json: { type: 'boolean' }, limit: { type: 'string' } },
  positionals: [1, 1],
  run: ({ values, positionals }, config, io) =>
    usersList(
      positionals[0] as string,
      values.json === true,
      integerOption(values.limit as string | undefined, '--limit', [1, Number.MAX_SAFE_INTEGER], list),
      config,
      io,
    ),
};

export const USERS: CommandGroup = {
  actions: {
    list,
    show: {
      usage: 'gatehouse users show <user id>\n  Print a user as JSON, as the server-to-server API gives it',
      positionals: [1, 1],
      async run({ positionals: [userId] }, config, io) {
        const user = await withUser(config, userId as string, (services, appId) =>
          services.userAdmin.get(appId, userId as string),
        );
        io.stdout(json(user));
        return 0;
      },
    },
    delete: {
      usage:
        'gatehouse users delete <user id>\n' +
        '  Delete a user with their sessions, wallets and linked accounts (sends user.deleted)',
      positionals: [1, 1],
      async run({ positionals: [userId] }, config, io) {
        const user = await withUser(config, userId as string, (services, appId) =>
          services.userAdmin.delete(appId, userId as string),
        );
        io.stdout(`Deleted user ${user.id} with their sessions, wallets and linked accounts.\n`);
        return 0;
      },
    },
  },
  unknown: (action) => `Unknown users command '${action}': use list, show or delete.`,
};
