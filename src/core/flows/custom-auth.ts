import { API_PATHS, type AuthResult, type CustomJwtAuthenticateBody } from '../../protocol/api.js';
import type { CustomAuthConfig, User } from '../../protocol/client.js';
import { CUSTOM_AUTH_RECHECK_INTERVAL_MS } from '../../protocol/constants.js';
import { EVENTS } from '../../protocol/events.js';
import type { ApiClient } from '../api/client.js';
import type { LoginCompletion } from '../completion.js';
import { toGatehouseError } from '../errors/gatehouse-error.js';
import { SESSION_MESSAGES } from '../errors/messages.js';
import { emit } from '../events.js';
import { decodeJwtPayload } from '../session/jwt.js';
import type { Session } from '../session/session.js';

/** What the page offers for re-checking: `window` in the browser. */
export interface CustomAuthPage {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
  document?: { visibilityState?: string };
}

export interface CustomAuthSyncOptions {
  api: ApiClient;
  session: Session;
  /** The host's `customAuth` configuration as it is now. */
  config: () => CustomAuthConfig | undefined;
  /** The end of a login (Gatehouse.completeLogin). */
  completeLogin: (result: LoginCompletion) => void;
  /** The logged-in user, if any. */
  user: () => User | null;
  /** Logs out as `LoginWidget.logout()` does. */
  logout: () => Promise<void>;
  page?: CustomAuthPage;
  /** Where `login:error` goes when the provider refuses the host's token. */
  events?: EventTarget;
  intervalMs?: number;
}

/**
 * Custom auth (§1, §3 `customAuth`): keeps the widget's session in step with the host's own login.
 * While `getCustomAccessToken()` gives a token and nobody is logged in (or someone else is), the
 * widget logs in with it (`custom_jwt_account/authenticate`, then completeLogin with loginMethod
 * 'custom', no modal); when it gives none, the widget logs out. Nothing happens while the host
 * says `isLoading`. It re-checks when asked (ready, every init()), when the window regains focus or
 * becomes visible, and every CUSTOM_AUTH_RECHECK_INTERVAL_MS.
 */
export class CustomAuthSync {
  private running: Promise<void> | null = null;
  private again = false;
  /** A token the provider refused: not sent again (every re-check would fail the same way). */
  private refused: string | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly onFocus = () => void this.sync();
  private readonly onVisibility = () => {
    if (this.options.page?.document?.visibilityState !== 'hidden') void this.sync();
  };

  constructor(private readonly options: CustomAuthSyncOptions) {}

  /** Checks the host's token now; concurrent calls share one check (and one more runs after, if asked meanwhile). */
  sync(): Promise<void> {
    if (!this.options.config()) return Promise.resolve();
    this.watch();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.check();
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Stops the focus, visibility and interval re-checks. */
  stop(): void {
    const { page } = this.options;
    clearInterval(this.timer);
    this.timer = undefined;
    page?.removeEventListener('focus', this.onFocus);
    page?.removeEventListener('visibilitychange', this.onVisibility);
  }

  private watch(): void {
    if (this.timer !== undefined) return;
    const { page, intervalMs = CUSTOM_AUTH_RECHECK_INTERVAL_MS } = this.options;
    this.timer = setInterval(() => void this.sync(), intervalMs);
    page?.addEventListener('focus', this.onFocus);
    page?.addEventListener('visibilitychange', this.onVisibility);
  }

  private async check(): Promise<void> {
    const custom = this.options.config();
    if (!custom || custom.isLoading) return;
    let token: string | null | undefined;
    try {
      token = await custom.getCustomAccessToken();
    } catch (error) {
      console.warn(SESSION_MESSAGES.customAuthTokenFailed(toGatehouseError(error).message));
      return;
    }
    const { session } = this.options;
    if (!token) {
      if (session.authenticated) await this.options.logout();
      return;
    }
    if (session.authenticated) {
      if (this.isCurrentUser(token)) return;
      // The host now has another user: this one goes first.
      await this.options.logout();
    }
    if (token === this.refused) return;
    try {
      const body: CustomJwtAuthenticateBody = { token };
      const result = await this.options.api.post<AuthResult>(API_PATHS.customJwtAuthenticate, body);
      const user = session.signIn(result);
      this.options.completeLogin({ user, isNewUser: result.is_new_user, loginMethod: 'custom' });
    } catch (error) {
      this.refused = token;
      const failure = toGatehouseError(error);
      console.warn(SESSION_MESSAGES.customAuthFailed(failure.message));
      if (this.options.events) {
        emit(this.options.events, EVENTS.loginError, { code: failure.code, message: failure.message });
      }
    }
  }

  /** Whether the logged-in user is the one the host's token names (its `sub`); a user without a custom_auth account is kept. */
  private isCurrentUser(token: string): boolean {
    const sub = decodeJwtPayload(token)?.sub;
    const accounts = this.options.user()?.linkedAccounts ?? [];
    const custom = accounts.filter((account) => account.type === 'custom_auth');
    if (typeof sub !== 'string' || custom.length === 0) return true;
    return custom.some((account) => account.customUserId === sub);
  }
}
