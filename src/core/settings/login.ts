/**
 * The login's settings (§3, §5): the host's custom auth, the app's session cookie domain, and
 * whether the host's login methods leave one that the app has on. Every page reads them (start,
 * init(), the custom-auth check); the custom-auth code itself (lazy) reads custom-auth.ts.
 */
import type { AppConfigWire } from '../../protocol/api.js';
import type { CustomAuthConfig, HostConfig } from '../../protocol/client.js';
import type { Context } from '../context.js';
import { hasLoginMethod } from '../login/methods.js';

export interface LoginSettings {
  /** The host's `customAuth`: its token logs the visitor in; undefined without it. */
  customAuth: CustomAuthConfig | undefined;
  /** The app's `session_cookie_domain`, where the session cookies live (the page's host without it). */
  cookieDomain: string | null | undefined;
  /** §5: the host's login methods (`loginMethodsAndOrder` or `loginMethods`) leave one the app has on. */
  hasLoginMethod: boolean;
}

export const loginSettingsOf = (app: AppConfigWire | null, host: HostConfig): LoginSettings => ({
  customAuth: host.customAuth,
  cookieDomain: app?.session_cookie_domain,
  hasLoginMethod: hasLoginMethod(app, host),
});

export const loginSettings = (ctx: Context): LoginSettings =>
  loginSettingsOf(ctx.$appConfig.get(), ctx.$hostConfig.get());
