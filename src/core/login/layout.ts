/**
 * Which login methods LANDING offers and in what order (§2.3, §5): the host's configuration
 * (loginMethods, loginMethodsAndOrder, appearance.*) over the app's flags from the server.
 */
import type { AppConfigWire } from '../../protocol/api.js';
import type {
  HostConfig,
  HostLoginMethod,
  LoginGroupPriority,
  LoginMethodEntry,
} from '../../protocol/client.js';
import {
  GROUPED_SOCIALS_MAX,
  GROUPED_WALLETS_MAX,
  MAX_PRIMARY_LOGIN_METHODS,
  OAUTH_PROVIDERS,
  type OAuthProvider,
  PRIMARY_LIST_MAX_ITEMS,
} from '../../protocol/constants.js';
import { enabledMethods, isWallet, methodOf, offers } from './methods.js';

export type LoginOption =
  | { type: 'email' }
  | { type: 'sms' }
  | { type: 'oauth'; provider: OAuthProvider }
  | { type: 'wallet'; wallet: string }
  /** The wallet list (§2.3): the extensions of these walletList values, shown as one entry of LANDING. */
  | { type: 'wallets'; wallets: string[] }
  | { type: 'farcaster' }
  | { type: 'passkey' }
  /**
   * An entry opening an overflow view: 'More options' (overflow), 'Other socials' (web2-overflow),
   * 'Continue with a wallet' (web3-overflow from web2-first) or 'Other wallets' (web3-overflow).
   */
  | { type: 'open'; view: OverflowView };

export type LayoutVariant = 'list' | 'web2-first' | 'web3-first';

/** Default wallet list (§3). Here, not in protocol/constants.ts, which loads on every page. */
export const DEFAULT_WALLET_LIST = [
  'detected_wallets',
  'metamask',
  'coinbase_wallet',
  'rainbow',
  'wallet_connect',
] as const;

/** LANDING's overflow views (§2.3): 'More options' of the list, and the grouped variant's two. */
export type OverflowView = 'overflow' | 'web2-overflow' | 'web3-overflow';

export interface LoginLayout {
  variant: LayoutVariant;
  /** What LANDING shows first. */
  primary: LoginOption[];
  /** What each overflow view holds (only the views the primary list can reach). */
  views: Partial<Record<OverflowView, LoginOption[]>>;
  /** Email and SMS as buttons that open their field (appearance.hideDirectWeb2Inputs). */
  hideDirectInputs: boolean;
  /** Wallets before the other methods (§5: forced off without wallet login, on when nothing else is enabled). */
  walletFirst: boolean;
}

const isOAuth = (method: string): method is OAuthProvider =>
  (OAUTH_PROVIDERS as readonly string[]).includes(method);

function optionOf(entry: LoginMethodEntry | HostLoginMethod): LoginOption[] {
  if (entry === 'email' || entry === 'sms' || entry === 'farcaster' || entry === 'passkey') {
    return [{ type: entry }];
  }
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
): Pick<LoginLayout, 'primary' | 'views'> {
  if (overflow.length === 0 && primary.length <= PRIMARY_LIST_MAX_ITEMS) return { primary, views: {} };
  return {
    primary: [...primary.slice(0, MAX_PRIMARY_LOGIN_METHODS), { type: 'open', view: 'overflow' }],
    views: { overflow: [...primary.slice(MAX_PRIMARY_LOGIN_METHODS), ...overflow] },
  };
}

/**
 * The older grouped variant (§2.3). Web2-first: email, SMS, up to GROUPED_SOCIALS_MAX socials minus
 * the fields shown, then 'Other socials' opening 'web2-overflow' (the other socials and 'Continue
 * with a wallet', which opens the wallets in 'web3-overflow'). Web3-first: up to
 * GROUPED_WALLETS_MAX wallets, then 'Other wallets' opening 'web3-overflow' (every wallet), then the
 * web2 entries with their 'Other socials'.
 */
function grouped(
  group: LoginGroupPriority,
  others: LoginOption[],
  wallets: string[],
): Pick<LoginLayout, 'primary' | 'views'> {
  const inputs = others.filter((o) => o.type === 'email' || o.type === 'sms');
  const socials = others.filter((o) => o.type !== 'email' && o.type !== 'sms');
  const shown = Math.max(0, GROUPED_SOCIALS_MAX - inputs.length);
  const web2First = group === 'web2-first';
  const toWallets: LoginOption[] = wallets.length > 0 ? [{ type: 'open', view: 'web3-overflow' }] : [];
  const rest = [...socials.slice(shown), ...(web2First ? toWallets : [])];
  const web2 = [...inputs, ...socials.slice(0, shown)];
  if (rest.length > 0) web2.push({ type: 'open', view: 'web2-overflow' });
  const views = { 'web2-overflow': rest, 'web3-overflow': [{ type: 'wallets', wallets }] as LoginOption[] };
  if (web2First) return { primary: web2, views };
  const first: LoginOption[] =
    wallets.length > 0 ? [{ type: 'wallets', wallets: wallets.slice(0, GROUPED_WALLETS_MAX) }] : [];
  return { primary: [...first, ...(wallets.length > GROUPED_WALLETS_MAX ? toWallets : []), ...web2], views };
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
    const allowed = (entry: LoginMethodEntry) => offers(app, host, methodOf(entry));
    const pick = (entries: readonly LoginMethodEntry[] = []) =>
      groupWallets(entries.filter(allowed).flatMap(optionOf), walletConnect).filter(AVAILABLE);
    return { variant: 'list', ...splitPrimary(pick(ordered.primary), pick(ordered.overflow)), ...base };
  }

  const wallets = walletEnabled ? (appearance.walletList ?? DEFAULT_WALLET_LIST) : [];
  const walletOptions: LoginOption[] = wallets.map((wallet) => ({ type: 'wallet', wallet }));
  const others = enabled.filter((method) => method !== 'wallet').flatMap(optionOf);
  const group = appearance.loginGroupPriority;

  if (group) {
    const web3 = groupWallets(walletOptions, walletConnect).flatMap((o) =>
      o.type === 'wallets' ? o.wallets : [],
    );
    return { variant: group, ...grouped(group, others, web3), ...base };
  }

  const all = groupWallets(
    walletFirst ? [...walletOptions, ...others] : [...others, ...walletOptions],
    walletConnect,
  ).filter(AVAILABLE);
  return { variant: 'list', ...splitPrimary(all, []), ...base };
}
