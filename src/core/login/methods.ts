/**
 * Which login methods the app and the host leave on (§5). What LANDING shows, and in what order,
 * is core/login/layout.ts, which only the login modal loads.
 */
import type { AppConfigWire } from '../../protocol/api.js';
import type { HostConfig, HostLoginMethod, LoginMethodEntry } from '../../protocol/client.js';
import { HOST_LOGIN_METHODS, WALLET_LIST_VALUES } from '../../protocol/constants.js';

export const isWallet = (entry: string): boolean => (WALLET_LIST_VALUES as readonly string[]).includes(entry);

/** Whether the app (server flags) has the method switched on. */
function appAllows(app: AppConfigWire | null, method: HostLoginMethod): boolean {
  if (!app) return false;
  if (method === 'email') return app.email_auth;
  if (method === 'sms') return app.sms_auth;
  if (method === 'wallet') return app.wallet_auth;
  if (method === 'farcaster') return app.farcaster_auth;
  if (method === 'passkey') return app.passkey_auth;
  return app[`${method}_oauth`];
}

/** A phone's or a tablet's browser, by its user agent. */
const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobi/i;

/**
 * §3 loginConfig.twitterOAuthOnMobileEnabled (over the app's twitter_oauth_on_mobile_enabled):
 * on a mobile browser Twitter's login is offered only when one of them says so.
 */
const offersTwitter = (
  app: AppConfigWire | null,
  host: HostConfig,
  userAgent = globalThis.navigator?.userAgent ?? '',
): boolean =>
  !MOBILE_AGENT.test(userAgent) ||
  (host.loginConfig?.twitterOAuthOnMobileEnabled ?? app?.twitter_oauth_on_mobile_enabled ?? false);

/** Whether LANDING offers the method: the app allows it, and Twitter only where it may (above). */
export const offers = (app: AppConfigWire | null, host: HostConfig, method: HostLoginMethod): boolean =>
  appAllows(app, method) && (method !== 'twitter' || offersTwitter(app, host));

/** The host's methods (or every method) that LANDING offers, in the host's order. */
export function enabledMethods(app: AppConfigWire | null, host: HostConfig): HostLoginMethod[] {
  const wanted = host.loginMethods ?? HOST_LOGIN_METHODS;
  return wanted.filter((method) => offers(app, host, method));
}

/** The entry's method as the app's flags name it. */
export function methodOf(entry: LoginMethodEntry): HostLoginMethod {
  return isWallet(entry) ? 'wallet' : (entry as HostLoginMethod);
}

/** Whether the configuration leaves at least one way to log in (§5). */
export function hasLoginMethod(app: AppConfigWire | null, host: HostConfig): boolean {
  const ordered = host.loginMethodsAndOrder;
  if (ordered) {
    return [...ordered.primary, ...(ordered.overflow ?? [])].some((entry) => appAllows(app, methodOf(entry)));
  }
  return enabledMethods(app, host).length > 0;
}
