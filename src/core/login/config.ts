/**
 * §5 checks of the host's login-method configuration (loginMethods, loginMethodsAndOrder,
 * appearance.walletList). Loaded only when a host sets one of them.
 */

import type { HostConfig, LoginMethodEntry } from '../../protocol/client.js';
import {
  HOST_LOGIN_METHODS,
  MAX_PRIMARY_LOGIN_METHODS,
  WALLET_LIST_VALUES,
} from '../../protocol/constants.js';
import * as CODES from '../errors/codes.js';
import { clientError } from '../errors/gatehouse-error.js';
import { LOGIN_CONFIG_MESSAGES } from '../errors/login-config-messages.js';
import { MESSAGES } from '../errors/messages.js';

const LOGIN_ENTRIES: readonly LoginMethodEntry[] = [
  ...HOST_LOGIN_METHODS.filter((method) => method !== 'wallet'),
  ...WALLET_LIST_VALUES,
];

function invalid(field: string, value: unknown): never {
  throw clientError(CODES.invalidConfig, MESSAGES.invalidConfig(field, value));
}

function none(): never {
  throw clientError(CODES.invalidConfig, MESSAGES.mustEnableOneLoginMethod);
}

/** The list without repeats, each dropped with a warning (§5). */
function withoutDuplicates<T extends string>(list: readonly T[], seen = new Set<string>()): T[] {
  return list.filter((item) => {
    if (!seen.has(item)) return seen.add(item);
    console.warn(LOGIN_CONFIG_MESSAGES.duplicateLoginMethod(item));
    return false;
  });
}

function checkList<T extends string>(field: string, value: unknown, allowed: readonly T[]): T[] {
  if (!Array.isArray(value) || !value.every((item) => (allowed as readonly unknown[]).includes(item))) {
    invalid(field, value);
  }
  return value as T[];
}

/**
 * At least one method ('You must enable at least one login method'); warnings for loginMethods
 * beside loginMethodsAndOrder, walletList beside loginMethodsAndOrder and more than
 * MAX_PRIMARY_LOGIN_METHODS primary methods; duplicates dropped with a warning.
 */
export function validateLoginConfig(config: HostConfig): HostConfig {
  const result: HostConfig = { ...config };
  if (config.loginMethods !== undefined) {
    const methods = withoutDuplicates(checkList('loginMethods', config.loginMethods, HOST_LOGIN_METHODS));
    if (methods.length === 0) none();
    result.loginMethods = methods;
  }
  if (config.loginMethodsAndOrder !== undefined) result.loginMethodsAndOrder = validateOrder(config);
  const wallets = config.appearance?.walletList as unknown;
  if (wallets !== undefined) {
    const walletList = withoutDuplicates(checkList('appearance.walletList', wallets, WALLET_LIST_VALUES));
    result.appearance = { ...config.appearance, walletList };
  }
  return result;
}

/** loginMethodsAndOrder: known entries, no duplicates across both lists, warnings for what it overrides. */
function validateOrder(config: HostConfig): NonNullable<HostConfig['loginMethodsAndOrder']> {
  const ordered = config.loginMethodsAndOrder as unknown;
  if (!ordered || typeof ordered !== 'object') invalid('loginMethodsAndOrder', ordered);
  const { primary, overflow = [] } = ordered as Record<string, unknown>;
  const seen = new Set<string>();
  const order = {
    primary: withoutDuplicates(checkList('loginMethodsAndOrder.primary', primary, LOGIN_ENTRIES), seen),
    overflow: withoutDuplicates(checkList('loginMethodsAndOrder.overflow', overflow, LOGIN_ENTRIES), seen),
  };
  if (order.primary.length + order.overflow.length === 0) none();
  if (order.primary.length > MAX_PRIMARY_LOGIN_METHODS) {
    console.warn(LOGIN_CONFIG_MESSAGES.tooManyPrimaryLoginMethods(order.primary.length));
  }
  if (config.loginMethods !== undefined) console.warn(LOGIN_CONFIG_MESSAGES.loginMethodsConflict);
  if (config.appearance?.walletList !== undefined) console.warn(LOGIN_CONFIG_MESSAGES.walletListConflict);
  return order;
}
