/**
 * Which login methods LANDING offers and in what order (§2.3, §5): the host's configuration
 * (loginMethods, loginMethodsAndOrder, appearance.*) over the app's flags from the server.
 */
import type { AppConfigWire } from '../protocol/api.js';
import type { HostConfig, HostLoginMethod, LoginMethodEntry } from '../protocol/client.js';
import {
  DEFAULT_WALLET_LIST,
  GROUPED_SOCIALS_MAX,
  MAX_PRIMARY_LOGIN_METHODS,
  OAUTH_PROVIDERS,
  type OAuthProvider,
  PRIMARY_LIST_MAX_ITEMS,
} from '../protocol/constants.js';
import { appAllows, enabledMethods, isWallet, methodOf } from './login-methods.js';

export type LoginOption =
  | { type: 'email' }
  | { type: 'sms' }
  | { type: 'oauth'; provider: OAuthProvider }
  | { type: 'wallet'; wallet: string }
  /** The wallet list (§2.3): the extensions of these walletList values, shown as one entry of LANDING. */
  | { type: 'wallets'; wallets: string[] }
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

function optionOf(entry: LoginMethodEntry | HostLoginMethod): LoginOption[] {
  if (entry === 'email' || entry === 'sms' || entry === 'farcaster') return [{ type: entry }];
  if (isOAuth(entry)) return [{ type: 'oauth', provider: entry }];
  if (isWallet(entry)) return [{ type: 'wallet', wallet: entry }];
  return [];
}

/**
 * The wallets become one entry, the wallet list, where the first of them was; without any
 * value there is none. WalletConnect counts only with a project id (`walletConnect`).
 */
function groupWallets(options: LoginOption[], walletConnect: boolean): LoginOption[] {
  const wallets = options.flatMap((o) =>
    o.type === 'wallet' && (walletConnect || o.wallet !== 'wallet_connect') ? [o.wallet] : [],
  );
  const first = options.findIndex((o) => o.type === 'wallet');
  const rest = options.filter((o) => o.type !== 'wallet');
  if (wallets.length === 0) return rest;
  return [...rest.slice(0, first), { type: 'wallets', wallets }, ...rest.slice(first)];
}

/** Single wallet entries are grouped into the wallet list first (see groupWallets). */
const AVAILABLE = (option: LoginOption): boolean => option.type !== 'wallet';

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
  // The host's project id over the app's, as Connectors.walletConnectProjectId reads it (the lazy
  // wallet chunk): one shared module would split a chunk out of the first modal (≈0.3 KB).
  const walletConnect = !!(host.walletConnectCloudProjectId ?? app?.wallet_connect_cloud_project_id);

  const ordered = host.loginMethodsAndOrder;
  if (ordered) {
    const allowed = (entry: LoginMethodEntry) => appAllows(app, methodOf(entry));
    const pick = (entries: readonly LoginMethodEntry[] = []) =>
      groupWallets(entries.filter(allowed).flatMap(optionOf), walletConnect).filter(AVAILABLE);
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
    const web3 = groupWallets(walletOptions, walletConnect);
    return {
      variant: group,
      primary: group === 'web3-first' ? [...web3, ...web2] : [...web2, ...web3],
      overflow: socials.slice(shown),
      ...base,
    };
  }

  const all = groupWallets(
    walletFirst ? [...walletOptions, ...others] : [...others, ...walletOptions],
    walletConnect,
  ).filter(AVAILABLE);
  return { variant: 'list', ...splitPrimary(all, []), ...base };
}
