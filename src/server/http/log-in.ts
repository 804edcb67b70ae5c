import type { AuthResult } from '../../protocol/api.js';
import { LOGIN_EVENT_KINDS } from '../../protocol/console-activity.js';
import type { App } from '../services/apps/apps.js';
import type { Services } from '../services/index.js';
import type { MessageLanguage } from '../services/messages/catalogue.js';
import type { IssuedSession } from '../services/sessions/sessions.js';
import type { AccountHook, AccountIdentity } from '../services/users/users.js';

/**
 * A login with a verified account (every login method's last step): the account's user, made with
 * it when new, and the new session are written in one transaction (one commit, and never a new user
 * whose session was lost), then the session's access token is signed. `within` runs in the same
 * transaction first (a passkey's row). The login's method (its account's type) is recorded in the
 * same transaction for the console's Activity section: no login is counted that did not happen.
 */
export async function logIn(
  services: Services,
  /** The app as the request found it. */
  app: App,
  account: AccountIdentity,
  within?: AccountHook,
  /** The language the login's request names (message-language.ts), kept as the user's. */
  locale?: MessageLanguage,
): Promise<AuthResult> {
  const appId = app.id;
  let session: IssuedSession | undefined;
  const { user, isNew } = await services.users.loginWithAccount(
    app,
    account,
    async (trx, userId, isNew) => {
      await within?.(trx, userId, isNew);
      session = await services.sessions.create(appId, userId, undefined, trx);
    },
    // Without the route's hook, only a session is written beside the user.
    within === undefined,
    locale,
  );
  services.analytics.logins.count(appId, LOGIN_EVENT_KINDS.login, account.type);
  return services.sessions.login(appId, user, isNew, session);
}
