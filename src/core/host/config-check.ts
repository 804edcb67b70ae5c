/**
 * Checks what a host passes to `init()` (§3): its own chunk, which init() loads, so the rules stay
 * out of the every-page file.
 */
import type { HostConfig } from '../../protocol/client.js';
import { safeColor, safeUrl } from '../config.js';
import * as CODES from '../errors/codes.js';
import { clientError } from '../errors/gatehouse-error.js';
import { MESSAGES } from '../errors/messages.js';

function invalid(field: string, value: unknown): never {
  throw clientError(CODES.invalidConfig, MESSAGES.invalidConfig(field, value));
}

type Rule = (value: unknown) => boolean;
/** Milliseconds per wallet type: positive integers a timer can hold. */
const isTimeoutTable: Rule = (v) =>
  !!v &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  Object.values(v).every((ms) => Number.isInteger(ms) && ms > 0 && ms <= 2_147_483_647);
const isBoolean: Rule = (v) => typeof v === 'boolean';
const isUrl: Rule = (v) => typeof v === 'string' && safeUrl(v) !== null;
const isText: Rule = (v) => typeof v === 'string';
const RULES: Record<string, Record<string, Rule>> = {
  appearance: {
    logo: (v) => typeof v === 'string' && safeUrl(v, true) !== null,
    accentColor: (v) => typeof v === 'string' && safeColor(v) !== null,
    theme: (v) => v === 'light' || v === 'dark' || v === 'system',
    walletList: Array.isArray,
    loginGroupPriority: (v) => v === 'web2-first' || v === 'web3-first',
    hideDirectWeb2Inputs: isBoolean,
    showWalletLoginFirst: isBoolean,
    hideBranding: isBoolean,
  },
  intl: {
    defaultCountry: (v) => typeof v === 'string' && /^[A-Za-z]{2}$/.test(v),
    // A BCP 47 tag: its language, then subtags ('ja', 'ja-JP', 'zh-Hans-CN').
    locale: (v) => typeof v === 'string' && /^[A-Za-z]{2,3}(-\w+)*$/.test(v),
  },
  legal: {
    termsAndConditionsUrl: isUrl,
    privacyPolicyUrl: isUrl,
    requireUsersAcceptTerms: isBoolean,
    forceImplicitConsent: isBoolean,
  },
  loginConfig: { twitterOAuthOnMobileEnabled: isBoolean },
  render: { inDialog: isBoolean, inParentNodeId: (v) => v === null || typeof v === 'string' },
  allowlistConfig: { errorTitle: isText, errorDetail: isText, errorCtaText: isText, errorCtaLink: isUrl },
  customAuth: { getCustomAccessToken: (v) => typeof v === 'function', isLoading: isBoolean },
  externalWallets: { requestTimeoutMs: isTimeoutTable },
};

/** §3 `name`: a string when set. */
function checkName({ name }: HostConfig): void {
  if (name !== undefined && typeof name !== 'string') invalid('name', name);
}

/**
 * Checks what a host passes to `init()`: known sections with values of the right kind (colours
 * and URLs end up in styles and links, so they are checked strictly). Other sections of §3 that
 * later capabilities read are let through untouched.
 */
export function validateHostConfig(config: unknown): HostConfig {
  if (config === undefined) return {};
  if (!config || typeof config !== 'object') invalid('config', config);
  checkName(config as HostConfig);
  for (const [section, rules] of Object.entries(RULES)) {
    const values = (config as Record<string, unknown>)[section];
    if (values === undefined) continue;
    if (!values || typeof values !== 'object') invalid(section, values);
    for (const [key, value] of Object.entries(values)) {
      const rule = rules[key];
      if (rule && value !== undefined && !rule(value)) invalid(`${section}.${key}`, value);
    }
  }
  return config as HostConfig;
}
