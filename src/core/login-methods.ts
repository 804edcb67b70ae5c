/**
 * Which login methods LANDING offers and in what order (§2.3, §5): the host's configuration
 * (loginMethods, loginMethodsAndOrder, appearance.*) over the app's flags from the server.
 */
import type { AppConfigWire } from '../protocol/api.js';
import type { HostConfig, HostLoginMethod, LoginMethodEntry } from '../protocol/client.js';
import {
  DEFAULT_WALLET_LIST,
  GROUPED_SOCIALS_MAX,
  HOST_LOGIN_METHODS,
  MAX_PRIMARY_LOGIN_METHODS,
  OAUTH_PROVIDERS,
  type OAuthProvider,
  PRIMARY_LIST_MAX_ITEMS,
  WALLET_LIST_VALUES,
} from '../protocol/constants.js';

export type LoginOption =
  | { type: 'email' }
  | { type: 'sms' }
  | { type: 'oauth'; provider: OAuthProvider }
  | { type: 'wallet'; wallet: string }
  | { type: 'farcaster' };

export type LayoutVariant = 'list' | 'web2-first' | 'web3-first';

export interface LoginLayout {
  variant: LayoutVariant;
  /** What LANDING shows first. */
  primary: LoginOption[];
  /** Behind 'More options' (list) or 'Other socials' (grouped); empty when there is none. */
  overflow: LoginOption[];
  /** Email and SMS as buttons that open their field (appearance.hideDirectWeb2Inputs). */
  hideDirectInputs: boolean;
  /** Wallets before the other methods (§5: forced off without wallet login, on when nothing else is enabled). */
  walletFirst: boolean;
}

const isOAuth = (method: string): method is OAuthProvider =>
  (OAUTH_PROVIDERS as readonly string[]).includes(method);
const isWallet = (entry: string): boolean => (WALLET_LIST_VALUES as readonly string[]).includes(entry);

/** Whether the app (server flags) has the method switched on. */
export function appAllows(app: AppConfigWire | null, method: HostLoginMethod): boolean {
  if (!app) return false;
  if (method === 'email') return app.email_auth;
  if (method === 'sms') return app.sms_auth;
  if (method === 'wallet') return app.wallet_auth;
  if (method === 'farcaster') return app.farcaster_auth;
  return app[`${method}_oauth`];
}

function optionOf(entry: LoginMethodEntry | HostLoginMethod): LoginOption[] {
  if (entry === 'email' || entry === 'sms' || entry === 'farcaster') return [{ type: entry }];
  if (isOAuth(entry)) return [{ type: 'oauth', provider: entry }];
  return [];
}

/** The host's methods (or every method) that the app allows, in the host's order. */
function enabledMethods(app: AppConfigWire | null, host: HostConfig): HostLoginMethod[] {
  const wanted = host.loginMethods ?? HOST_LOGIN_METHODS;
  return wanted.filter((method) => appAllows(app, method));
}

/**
 * Methods a user can take from this widget today: wallet sign-in and Farcaster are not built in
 * this version, so they are left out rather than shown as dead buttons.
 */
const AVAILABLE = (option: LoginOption): boolean => option.type !== 'wallet' && option.type !== 'farcaster';

/** The entry's method as the app's flags name it. */
function methodOf(entry: LoginMethodEntry): HostLoginMethod {
  return isWallet(entry) ? 'wallet' : (entry as HostLoginMethod);
}

/**
 * §2.3: at most PRIMARY_LIST_MAX_ITEMS items; with overflow or more than that, the first
 * MAX_PRIMARY_LOGIN_METHODS and 'More options' for the rest.
 */
function splitPrimary(
  primary: LoginOption[],
  overflow: LoginOption[],
): Pick<LoginLayout, 'primary' | 'overflow'> {
  if (overflow.length === 0 && primary.length <= PRIMARY_LIST_MAX_ITEMS) return { primary, overflow };
  return {
    primary: primary.slice(0, MAX_PRIMARY_LOGIN_METHODS),
    overflow: [...primary.slice(MAX_PRIMARY_LOGIN_METHODS), ...overflow],
  };
}

/** The LANDING layout for the app's flags and the host's (validated) configuration. */
export function loginLayout(app: AppConfigWire | null, host: HostConfig): LoginLayout {
  const appearance = host.appearance ?? {};
  const enabled = enabledMethods(app, host);
  const walletEnabled = enabled.includes('wallet');
  const othersEnabled = enabled.some((method) => method !== 'wallet');
  const walletFirst =
    walletEnabled &&
    (!othersEnabled || (appearance.showWalletLoginFirst ?? app?.show_wallet_login_first ?? false));
  const hideDirectInputs = appearance.hideDirectWeb2Inputs ?? false;
  const base = { hideDirectInputs, walletFirst };

  const ordered = host.loginMethodsAndOrder;
  if (ordered) {
    const allowed = (entry: LoginMethodEntry) => appAllows(app, methodOf(entry));
    const pick = (entries: readonly LoginMethodEntry[] = []) =>
      entries.filter(allowed).flatMap(optionOf).filter(AVAILABLE);
    return { variant: 'list', ...splitPrimary(pick(ordered.primary), pick(ordered.overflow)), ...base };
  }

  const wallets = walletEnabled ? (appearance.walletList ?? DEFAULT_WALLET_LIST) : [];
  const walletOptions: LoginOption[] = wallets.map((wallet) => ({ type: 'wallet', wallet }));
  const others = enabled.filter((method) => method !== 'wallet').flatMap(optionOf);
  const group = appearance.loginGroupPriority;

  if (group) {
    // §2.3 grouped variant: email, SMS, then up to GROUPED_SOCIALS_MAX socials minus the inputs shown.
    const inputs = others.filter((o) => o.type === 'email' || o.type === 'sms');
    const socials = others.filter((o) => o.type !== 'email' && o.type !== 'sms').filter(AVAILABLE);
    const shown = Math.max(0, GROUPED_SOCIALS_MAX - inputs.length);
    const web2 = [...inputs, ...socials.slice(0, shown)];
    const web3 = walletOptions.filter(AVAILABLE);
    return {
      variant: group,
      primary: group === 'web3-first' ? [...web3, ...web2] : [...web2, ...web3],
      overflow: socials.slice(shown),
      ...base,
    };
  }

  const all = (walletFirst ? [...walletOptions, ...others] : [...others, ...walletOptions]).filter(AVAILABLE);
  return { variant: 'list', ...splitPrimary(all, []), ...base };
}

/** Whether the configuration leaves at least one way to log in (§5). */
export function hasLoginMethod(app: AppConfigWire | null, host: HostConfig): boolean {
  const ordered = host.loginMethodsAndOrder;
  if (ordered) {
    return [...ordered.primary, ...(ordered.overflow ?? [])].some((entry) => appAllows(app, methodOf(entry)));
  }
  return enabledMethods(app, host).length > 0;
}
