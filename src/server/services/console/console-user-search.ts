import {
  type ConsoleUserPage,
  type ConsoleUserRow,
  USER_SEARCH_DEFAULT,
  USER_SEARCH_MAX,
} from '../../../protocol/console-users.js';
import { WALLET_ACCOUNT_TYPE } from '../../../protocol/wallet-api.js';
import { type Db, toNumber } from '../../db/database.js';
import { ApiError } from '../../errors.js';
import { unixSeconds } from '../clock.js';
import { USER_ID_LENGTH } from '../users/user-accounts.js';

/** What a search's text names: every user, one id, or the accounts of a type whose subject starts so. */
type Key = { kind: 'all' } | { kind: 'account'; type: string; prefix: string };

const USER_ID = new RegExp(`^[a-z0-9]{${USER_ID_LENGTH}}$`);
const WALLET = /^0x[0-9a-f]{0,40}$/;
const PHONE = /^\+?[\d\s().-]+$/;

/**
 * The search's text as an account key, normalized as the accounts are stored: a wallet address
 * (embedded or linked: `wallet` accounts, lowercased), a phone number (E.164, `+` and digits), or
 * else an email address (lowercased: the search ignores case through the stored form).
 */
function searchKey(text: string): Key {
  const q = text.trim().toLowerCase();
  if (q === '') return { kind: 'all' };
  if (WALLET.test(q)) return { kind: 'account', type: WALLET_ACCOUNT_TYPE, prefix: q };
  if (PHONE.test(q) && /\d/.test(q))
    return { kind: 'account', type: 'phone', prefix: `+${q.replace(/\D/g, '')}` };
  return { kind: 'account', type: 'email', prefix: q };
}

/** The first string after every string starting with `prefix`, in the byte order of the index. */
function pastPrefix(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1) as number;
  const head = prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1));
  return head + String.fromCodePoint(last + 1);
}

const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

function decode(cursor: string, shape: RegExp): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!shape.test(text))
    throw new ApiError('invalid_data', "Invalid field 'cursor': not a cursor of this list.");
  return text;
}

function searchLimit(text: string | undefined): number {
  if (text === undefined) return USER_SEARCH_DEFAULT;
  const limit = Number(text);
  if (!Number.isInteger(limit) || limit < 1 || limit > USER_SEARCH_MAX)
    throw new ApiError('invalid_data', `Invalid field 'limit': must be from 1 to ${USER_SEARCH_MAX}.`);
  return limit;
}

/** The app's users, newest first (keyset on created_at and id, over users_app_created_idx). */
async function newest(db: Db, appId: string, limit: number, cursor?: string) {
  let query = db
    .selectFrom('users')
    .select('id')
    .where('app_id', '=', appId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (cursor !== undefined) {
    const [time, id] = decode(cursor, /^\d+:[a-z0-9]+$/).split(':') as [string, string];
    const at = Number(time);
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]),
    );
  }
  const rows = await query.select('created_at').execute();
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  const next = last ? encode(`${toNumber(last.created_at)}:${last.id}`) : null;
  return { ids: rows.slice(0, limit).map((row) => row.id), next };
}

/**
 * The app's accounts of one type whose subject starts with `prefix`, in subject order (keyset on
 * the subject, over linked_accounts' unique app_id, type, subject): a range, so the index serves it.
 */
async function byAccount(
  db: Db,
  appId: string,
  key: Extract<Key, { kind: 'account' }>,
  limit: number,
  cursor?: string,
) {
  const after = cursor === undefined ? undefined : decode(cursor, /^[^\0]+$/);
  const rows = await db
    .selectFrom('linked_accounts')
    .select(['user_id', 'subject'])
    .where('app_id', '=', appId)
    .where('type', '=', key.type)
    .where('subject', after === undefined ? '>=' : '>', after ?? key.prefix)
    .where('subject', '>=', key.prefix)
    .where('subject', '<', pastPrefix(key.prefix))
    .orderBy('subject')
    .limit(limit + 1)
    .execute();
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  const ids = rows.slice(0, limit).filter((row) => row.subject.startsWith(key.prefix));
  return { ids: ids.map((row) => row.user_id), next: last ? encode(last.subject) : null };
}

/** The users of `ids`, in that order, each with their accounts (type and subject). */
async function rowsOf(db: Db, ids: string[]): Promise<ConsoleUserRow[]> {
  if (ids.length === 0) return [];
  const users = await db.selectFrom('users').select(['id', 'created_at']).where('id', 'in', ids).execute();
  const accounts = await db
    .selectFrom('linked_accounts')
    .select(['user_id', 'type', 'subject'])
    .where('user_id', 'in', ids)
    .orderBy('first_verified_at')
    .execute();
  const found = new Map(users.map((user) => [user.id, user]));
  return ids.flatMap((id) => {
    const user = found.get(id);
    if (!user) return [];
    const own = accounts.filter((account) => account.user_id === id);
    return [
      {
        id,
        created_at: unixSeconds(toNumber(user.created_at)),
        accounts: own.map(({ type, subject }) => ({ type, subject })),
      },
    ];
  });
}

/**
 * The console's search of an app's users: by a user's id (exactly), an email address, a phone
 * number or a wallet address (each as typed or its start), a page at a time; newest first without
 * a text.
 */
export async function searchUsers(
  db: Db,
  appId: string,
  query: { q?: string; limit?: string; cursor?: string },
): Promise<ConsoleUserPage> {
  const limit = searchLimit(query.limit);
  const text = (query.q ?? '').trim();
  if (USER_ID.test(text) && query.cursor === undefined) {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', text)
      .where('app_id', '=', appId)
      .executeTakeFirst();
    if (user) return { data: await rowsOf(db, [user.id]), next_cursor: null };
  }
  const key = searchKey(text);
  const page =
    key.kind === 'all'
      ? await newest(db, appId, limit, query.cursor)
      : await byAccount(db, appId, key, limit, query.cursor);
  return { data: await rowsOf(db, page.ids), next_cursor: page.next };
}
