/**
 * The language of a mail or SMS a request sends (services/messages): the body's `locale` when it
 * names a language with texts (the widget's language), else the first such language of the
 * request's Accept-Language, else the user's stored one (their latest login's), else English.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { acceptedLanguage, languageOf, type MessageLanguage } from '../services/messages/catalogue.js';

/** A body's `locale` (the code and login routes' schemas name it), whatever the route's body is. */
const bodyLocale = (body: unknown): unknown =>
  typeof body === 'object' && body !== null && 'locale' in body ? body.locale : undefined;

/** What the request itself names: its body's `locale`, else its Accept-Language; none without either. */
export function requestLanguage(request: FastifyRequest): MessageLanguage | undefined {
  return languageOf(bodyLocale(request.body)) ?? acceptedLanguage(request.headers['accept-language']);
}

/** The user a message goes to: their id, or the login account (type and subject) that names them. */
export type Recipient = { userId: string } | { appId: string; type: string; subject: string };

/** The stored language of the recipient, when they are a user with one. */
async function storedLanguage(db: Db, recipient: Recipient): Promise<MessageLanguage | undefined> {
  const row =
    'userId' in recipient
      ? await db.selectFrom('users').select('locale').where('id', '=', recipient.userId).executeTakeFirst()
      : await db
          .selectFrom('linked_accounts')
          .innerJoin('users', 'users.id', 'linked_accounts.user_id')
          .select('users.locale')
          .where('linked_accounts.app_id', '=', recipient.appId)
          .where('linked_accounts.type', '=', recipient.type)
          .where('linked_accounts.subject', '=', recipient.subject)
          .executeTakeFirst();
  return languageOf(row?.locale);
}

/** The language of a message to `recipient` sent by `request`; the database is read only when the request names none. */
export async function messageLanguage(
  request: FastifyRequest,
  db: Db,
  recipient: Recipient,
): Promise<MessageLanguage> {
  return requestLanguage(request) ?? (await storedLanguage(db, recipient)) ?? 'en';
}
