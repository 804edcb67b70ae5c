import {
  API_PATHS,
  type AuthResult,
  type ForkSessionResponse,
  type SessionUpdateResponse,
  type UserWire,
} from '../../protocol/api.js';
import type { User } from '../../protocol/client.js';
import { STORAGE_KEYS } from '../../protocol/constants.js';
import { EVENTS } from '../../protocol/events.js';
import type { SharedStores } from '../../protocol/loader.js';
import type { ApiClient } from '../api/client.js';
import * as CODES from '../errors/codes.js';
import { clientError, toGatehouseError } from '../errors/gatehouse-error.js';
import { SESSION_MESSAGES } from '../errors/messages.js';
import { emit } from '../events.js';
import type { KeyValueStorage } from '../storage.js';
import { toUser } from '../user.js';
import { decodeJwtPayload, isTokenActive, tokenAudience } from './jwt.js';

export interface SessionOptions {
  api: ApiClient;
  appId: string;
  storage: KeyValueStorage;
  stores: SharedStores;
  events: EventTarget;
  now?: () => number;
}

/**
 * The session of §4.1: tokens in localStorage, automatic single-flight refresh, the shared
 * `$user` / `$authenticated` stores, and logout that always clears local state.
 */
export class Session {
  private readonly api: ApiClient;
  private readonly appId: string;
  private readonly storage: KeyValueStorage;
  private readonly stores: SharedStores;
  private readonly events: EventTarget;
  private readonly now: () => number;
  private refreshing: Promise<string | null> | null = null;
  /** Same-site cookie mode (docs/guide/session-storage.md): the refresh token is the provider's HttpOnly cookie, never stored here. */
  private cookies = false;
  private readonly logoutHooks = new Set<() => Promise<void>>();

  constructor(options: SessionOptions) {
    this.api = options.api;
    this.appId = options.appId;
    this.storage = options.storage;
    this.stores = options.stores;
    this.events = options.events;
    this.now = options.now ?? Date.now;
  }

  get token(): string | null {
    return this.storage.getItem(STORAGE_KEYS.token);
  }

  get refreshToken(): string | null {
    return this.storage.getItem(STORAGE_KEYS.refreshToken);
  }

  get authenticated(): boolean {
    return this.stores.$authenticated.get();
  }

  /**
   * At start: with stored credentials, ask the server for the user (refreshing the tokens as needed).
   * `cookieDomain` is the app's `session_cookie_domain`: when it holds both this page and the
   * provider, the session runs in cookie mode.
   */
  async restore(cookieDomain?: string | null): Promise<void> {
    const inside = (host = '') => !!cookieDomain && `.${host}`.endsWith(`.${cookieDomain}`);
    // A refresh token stored before the switch is spent once more: the provider moves it into its cookie.
    this.cookies = inside(globalThis.location?.hostname) && inside(new URL(this.api.apiUrl).hostname);
    if (!this.token && !this.refreshToken) {
      await this.recoverForked();
      return;
    }
    // A forked token is only for a page without a session of its own (§4.1).
    this.storage.removeItem(STORAGE_KEYS.forkedToken);
    try {
      await this.refresh();
    } catch (error) {
      // The provider answered but not usefully (or not at all): stay logged out for now, keep the
      // credentials for the next attempt.
      console.warn(toGatehouseError(error).message);
    }
  }

  /** An active access token; refreshes first when there is none but refresh credentials exist; else null. */
  async getAccessToken(): Promise<string | null> {
    const token = this.token;
    if (token && !(await this.checkAudience(token))) return null;
    if (token && isTokenActive(token, this.now())) return token;
    if (!this.refreshToken && !token) return null;
    return this.refresh();
  }

  /** POST /api/v1/sessions once, however many callers ask at the same time. */
  refresh(): Promise<string | null> {
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async runRefresh(): Promise<string | null> {
    const answer = await this.postRefresh();
    if (!answer || !this.applyUpdate(answer)) return null;
    const current = this.token;
    if (!current || !(await this.checkAudience(current))) return null;
    if (answer.user) this.setUser(answer.user);
    return isTokenActive(current, this.now()) ? current : null;
  }

  /** The refresh call; null (and the session cleared) when the provider no longer knows it. */
  private async postRefresh(): Promise<SessionUpdateResponse | null> {
    const token = this.token;
    const refreshToken = this.refreshToken;
    try {
      return await this.api.post<SessionUpdateResponse>(
        API_PATHS.sessions,
        refreshToken ? { refresh_token: refreshToken } : {},
        token && this.unexpired(token) ? token : null,
      );
    } catch (error) {
      if (toGatehouseError(error).code !== 'missing_or_invalid_token') throw error;
      this.clear();
      return null;
    }
  }

  /** Stores what the answer's session_update_action says; false when it cleared the session. */
  private applyUpdate(answer: SessionUpdateResponse): boolean {
    switch (answer.session_update_action) {
      case 'set':
        this.keep(answer.token, answer.refresh_token);
        return true;
      case 'clear':
        this.clear();
        return false;
      case 'ignore':
        if (answer.token) this.storage.setItem(STORAGE_KEYS.token, answer.token);
        return true;
    }
  }

  /**
   * §4.1: with no credentials but a forked recovery token (`gatehouse_token`), the session is
   * recovered through `sessions/fork/recover`; the forked token is cleared whatever the outcome.
   */
  private async recoverForked(): Promise<void> {
    const forked = this.storage.getItem(STORAGE_KEYS.forkedToken);
    if (!forked) return;
    this.storage.removeItem(STORAGE_KEYS.forkedToken);
    try {
      const answer = await this.api.post<SessionUpdateResponse>(API_PATHS.sessionsForkRecover, {
        refresh_token: forked,
      });
      if (answer.session_update_action !== 'set' || !answer.token || !answer.user) return;
      this.keep(answer.token, answer.refresh_token);
      if (await this.checkAudience(answer.token)) this.setUser(answer.user);
    } catch (error) {
      console.warn(toGatehouseError(error).message);
    }
  }

  /**
   * `sessions/fork`: rotates this page's refresh token and answers the first refresh token of a new
   * session of the same user, for another page (`?gatehouse_token=`).
   */
  async fork(): Promise<string> {
    const refreshToken = this.refreshToken;
    if ((!refreshToken && !this.cookies) || !this.authenticated) {
      throw clientError(CODES.mustBeAuthenticated, SESSION_MESSAGES.mustBeAuthenticated);
    }
    const answer = await this.api.post<ForkSessionResponse>(
      API_PATHS.sessionsFork,
      refreshToken ? { refresh_token: refreshToken } : {},
    );
    this.keep(answer.token, answer.refresh_token);
    return answer.new_session_refresh_token;
  }

  /** Stores an auth result (§3) and publishes its user. */
  signIn(result: AuthResult): User {
    this.keep(result.token, result.refresh_token);
    return this.setUser(result.user);
  }

  /**
   * `hook` runs at the start of every logout, before the server is told and the session cleared
   * (the wallet frame forgets what it holds); its failure stops nothing. Returns how to remove it.
   */
  beforeLogout(hook: () => Promise<void>): () => void {
    this.logoutHooks.add(hook);
    return () => this.logoutHooks.delete(hook);
  }

  /** Runs the logout hooks, then POSTs the logout, then clears local state whatever the answer, and fires `logout`. */
  async logout(): Promise<void> {
    await Promise.allSettled([...this.logoutHooks].map((hook) => hook()));
    const refreshToken = this.refreshToken;
    try {
      if (refreshToken || this.token || this.cookies) {
        await this.api.post(API_PATHS.sessionsLogout, refreshToken ? { refresh_token: refreshToken } : {});
      }
    } catch (error) {
      console.warn(toGatehouseError(error).message);
    } finally {
      this.clear();
      emit(this.events, EVENTS.logout, undefined);
    }
  }

  /** Stores a new pair; a refresh token only outside cookie mode (the provider answers none in it). */
  private keep(token: string | null, refreshToken: string | null): void {
    if (token) this.storage.setItem(STORAGE_KEYS.token, token);
    if (refreshToken && !this.cookies) this.storage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
    else this.storage.removeItem(STORAGE_KEYS.refreshToken);
  }

  /** Wipes tokens and the user, without a server call. */
  clear(): void {
    this.storage.removeItem(STORAGE_KEYS.token);
    this.storage.removeItem(STORAGE_KEYS.refreshToken);
    this.stores.$user.set(null);
    this.stores.$authenticated.set(false);
  }

  /** Another tab logged in or changed the user (tabs.ts): the user, read with the shared access token. */
  async readUser(): Promise<void> {
    const token = await this.getAccessToken();
    if (!token) return;
    const answer = await this.api.post<SessionUpdateResponse>(API_PATHS.sessions, {}, token);
    if (answer.user) this.setUser(answer.user);
  }

  /**
   * Another tab logged out, or its refresh found the session gone (tabs.ts): this tab's own logout
   * steps run (the wallet frame forgets its keys, `logout` fires), without telling the provider again.
   */
  async endedElsewhere(): Promise<void> {
    if (!this.authenticated) return;
    this.stores.$user.set(null);
    this.stores.$authenticated.set(false);
    await Promise.allSettled([...this.logoutHooks].map((hook) => hook()));
    emit(this.events, EVENTS.logout, undefined);
  }

  /** Publishes the server's user (after a login, a refresh, or a change such as accepted terms). */
  setUser(wire: UserWire): User {
    const user = toUser(wire);
    this.stores.$user.set(user);
    this.stores.$authenticated.set(true);
    return user;
  }

  private unexpired(token: string): boolean {
    const exp = decodeJwtPayload(token)?.exp;
    return typeof exp === 'number' && exp * 1000 > this.now();
  }

  /** A token for another app means the stored session is not ours: log out (§4.1). */
  private async checkAudience(token: string): Promise<boolean> {
    if (tokenAudience(token) === this.appId) return true;
    await this.logout();
    return false;
  }
}
