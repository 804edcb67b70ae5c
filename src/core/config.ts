import type { ReadableAtom } from 'nanostores';
import type { AppConfigWire } from '../protocol/api.js';
import type { HostConfig, ThemeSetting } from '../protocol/client.js';
import { DEFAULT_ACCENT_COLOR, DEFAULT_THEME } from '../protocol/constants.js';

/** The app configuration from the server with the host-side configuration over it (§3). */
export interface ResolvedConfig {
  appName: string;
  logoUrl: string | null;
  accentColor: string;
  /** 'system' follows prefers-color-scheme (the widget resolves it, live). */
  theme: ThemeSetting;
  termsUrl: string | null;
  privacyUrl: string | null;
  requireUsersAcceptTerms: boolean;
  /** legal.forceImplicitConsent: logging in accepts the terms (§2.3). */
  implicitConsent: boolean;
  /** ALLOWLIST_REJECTION_SCREEN: the host's texts over the app's; null where neither sets one (§6 defaults apply). */
  allowlist: { title: string | null; detail: string | null; ctaText: string | null; ctaLink: string | null };
  inDialog: boolean;
  parentNodeId: string | null;
  /** 'Protected by Gatehouse' at the bottom of the modal, unless appearance.hideBranding. */
  branding: boolean;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Links and images may be http(s) (absolute or relative to the page); logos also data:image. */
export function safeUrl(value: string | null | undefined, allowImageData = false): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, globalThis.location?.href);
    if (url.protocol === 'https:' || url.protocol === 'http:') return value;
    if (allowImageData && url.protocol === 'data:' && value.startsWith('data:image/')) return value;
  } catch {
    // not a URL
  }
  return null;
}

export const safeColor = (value: string | null | undefined): string | null =>
  value && HEX_COLOR.test(value) ? value : null;

/** Whether the host set wallet options or chains, which wallet/host-config.ts checks (§5). */
export const hasWalletConfig = (config: HostConfig): boolean =>
  [
    'embeddedWallets',
    'waitForTransactionConfirmation',
    'chains',
    'supportedChains',
    'defaultChain',
    'rpcConfig',
  ].some((key) => key in config);

/** Whether the host set login methods or wallets, which core/login/config.ts checks (§5). */
export const hasLoginConfig = (config: HostConfig): boolean =>
  config.loginMethods !== undefined ||
  config.loginMethodsAndOrder !== undefined ||
  config.appearance?.walletList !== undefined;

/** init(): the host's new configuration over what its earlier calls set, section by section. */
export const mergedHostConfig = (store: ReadableAtom<HostConfig>, update: HostConfig): HostConfig =>
  mergeHostConfig(store.get(), update);

/** Later `init()` calls refine earlier ones, section by section. */
export function mergeHostConfig(base: HostConfig, update: HostConfig): HostConfig {
  return {
    ...base,
    ...update,
    appearance: { ...base.appearance, ...update.appearance },
    legal: { ...base.legal, ...update.legal },
    render: { ...base.render, ...update.render },
    allowlistConfig: { ...base.allowlistConfig, ...update.allowlistConfig },
    intl: { ...base.intl, ...update.intl },
    loginConfig: { ...base.loginConfig, ...update.loginConfig },
    embeddedWallets: { ...base.embeddedWallets, ...update.embeddedWallets },
  };
}

export function resolveConfig(app: AppConfigWire | null, host: HostConfig): ResolvedConfig {
  const { appearance = {}, legal = {}, render = {} } = host;
  return {
    appName: host.name || app?.name || '',
    logoUrl: safeUrl(appearance.logo ?? app?.logo_url, true),
    accentColor: safeColor(appearance.accentColor) ?? safeColor(app?.accent_color) ?? DEFAULT_ACCENT_COLOR,
    theme: appearance.theme ?? DEFAULT_THEME,
    termsUrl: safeUrl(legal.termsAndConditionsUrl ?? app?.terms_and_conditions_url),
    privacyUrl: safeUrl(legal.privacyPolicyUrl ?? app?.privacy_policy_url),
    requireUsersAcceptTerms: legal.requireUsersAcceptTerms ?? app?.require_users_accept_terms ?? false,
    implicitConsent: legal.forceImplicitConsent ?? false,
    allowlist: resolveAllowlist(app, host),
    inDialog: render.inDialog ?? true,
    parentNodeId: render.inParentNodeId ?? null,
    branding: !appearance.hideBranding,
  };
}

function resolveAllowlist(app: AppConfigWire | null, host: HostConfig): ResolvedConfig['allowlist'] {
  const own = host.allowlistConfig ?? {};
  const server = app?.allowlist_config;
  return {
    title: own.errorTitle || server?.error_title || null,
    detail: own.errorDetail || server?.error_detail || null,
    ctaText: own.errorCtaText || server?.cta_text || null,
    ctaLink: safeUrl(own.errorCtaLink || server?.cta_link),
  };
}
