import { API_PATHS, type AuthResult, type CustomJwtAuthenticateBody } from '../../protocol/api.js';
import { CUSTOM_AUTH_RECHECK_INTERVAL_MS } from '../../protocol/constants.js';
import type { Context } from '../context.js';
import { toGatehouseError } from '../errors/gatehouse-error.js';
import { SESSION_MESSAGES } from '../errors/messages.js';
import { decodeJwtPayload } from '../session/jwt.js';
import { logout } from '../session/logout.js';
import { customAuthSettings } from '../settings/custom-auth.js';
import { type LoginOutcome, loginOutcome } from './outcome.js';
import { loginFailed } from './refused.js';
import { startFlow } from './run.js';

/** What the page offers for re-checking: `window` in the browser. */
export interface CustomAuthPage {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
  document?: { visibilityState?: string };
}

export interface CustomAuthSyncOptions {
  page?: CustomAuthPage;
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

  constructor(
    private readonly ctx: Context,
    private readonly options: CustomAuthSyncOptions = {},
  ) {}

  /** Checks the host's token now; concurrent calls share one check (and one more runs after, if asked meanwhile). */
  sync(): Promise<void> {
    if (!customAuthSettings(this.ctx).customAuth) return Promise.resolve();
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
    const custom = customAuthSettings(this.ctx).customAuth;
    if (!custom || custom.isLoading) return;
    let token: string | null | undefined;
    try {
      token = await custom.getCustomAccessToken();
    } catch (error) {
      console.warn(SESSION_MESSAGES.customAuthTokenFailed(toGatehouseError(error).message));
      return;
    }
    const { ctx } = this;
    if (!token) {
      if (ctx.session.authenticated) await logout(ctx);
      return;
    }
    if (ctx.session.authenticated) {
      if (this.isCurrentUser(token)) return;
      // The host now has another user: this one goes first.
      await logout(ctx);
    }
    if (token === this.refused) return;
    let outcome: LoginOutcome;
    try {
      const body: CustomJwtAuthenticateBody = { token };
      const result = await ctx.api.post<AuthResult>(API_PATHS.customJwtAuthenticate, body);
      outcome = loginOutcome(ctx.session.signIn(result), result.is_new_user, 'custom');
    } catch (error) {
      this.refused = token;
      const failure = toGatehouseError(error);
      console.warn(SESSION_MESSAGES.customAuthFailed(failure.message));
      loginFailed(ctx, failure);
      return;
    }
    await startFlow(ctx, async () => outcome, 'login');
  }

  /** Whether the logged-in user is the one the host's token names (its `sub`); a user without a custom_auth account is kept. */
  private isCurrentUser(token: string): boolean {
    const sub = decodeJwtPayload(token)?.sub;
    const accounts = this.ctx.stores.$user.get()?.linkedAccounts ?? [];
    const custom = accounts.filter((account) => account.type === 'custom_auth');
    if (typeof sub !== 'string' || custom.length === 0) return true;
    return custom.some((account) => account.customUserId === sub);
  }
}
