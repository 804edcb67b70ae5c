/**
 * The host's wallet options (§3, §5): `embeddedWallets`, `waitForTransactionConfirmation` and the
 * chains. Checked at `init()`, loaded only when a host sets any of them.
 */

import type { HostConfig } from '../../protocol/client.js';
import {
  CREATE_ON_LOGIN_VALUES,
  PRICE_DISPLAY_VALUES,
  WALLET_RECOVERY_SETTINGS,
} from '../../protocol/embedded-wallet.js';
import * as CODES from '../errors/codes.js';
import { clientError } from '../errors/gatehouse-error.js';
import { MESSAGES } from '../errors/messages.js';
import { resolveChainConfig } from './chains.js';

function invalid(field: string, value: unknown): never {
  throw clientError(CODES.invalidConfig, MESSAGES.invalidConfig(field, value));
}

const oneOf = (values: readonly unknown[], value: unknown): boolean => values.includes(value);

/** Throws invalid_config for a wrong value, and §5's chain messages for wrong chains. */
export function validateWalletConfig(config: HostConfig): void {
  const wallets = config.embeddedWallets as Record<string, unknown> | undefined;
  if (wallets !== undefined) validateEmbeddedWallets(wallets);
  const wait = config.waitForTransactionConfirmation;
  if (wait !== undefined && typeof wait !== 'boolean') invalid('waitForTransactionConfirmation', wait);
  resolveChainConfig(config);
}

function validateEmbeddedWallets(wallets: Record<string, unknown>): void {
  if (!wallets || typeof wallets !== 'object') invalid('embeddedWallets', wallets);
  const { createOnLogin, priceDisplay, recovery, announceName } = wallets;
  if (createOnLogin !== undefined && !oneOf(CREATE_ON_LOGIN_VALUES, createOnLogin)) {
    invalid('embeddedWallets.createOnLogin', createOnLogin);
  }
  if (recovery !== undefined && !oneOf(WALLET_RECOVERY_SETTINGS, recovery)) {
    invalid('embeddedWallets.recovery', recovery);
  }
  for (const flag of ['requireUserPasswordOnCreate', 'noPromptOnSignature', 'announce']) {
    const value = wallets[flag];
    if (value !== undefined && typeof value !== 'boolean') invalid(`embeddedWallets.${flag}`, value);
  }
  if (announceName !== undefined && (typeof announceName !== 'string' || announceName.trim() === '')) {
    invalid('embeddedWallets.announceName', announceName);
  }
  if (priceDisplay !== undefined && !validPriceDisplay(priceDisplay)) {
    invalid('embeddedWallets.priceDisplay', priceDisplay);
  }
}

function validPriceDisplay(value: unknown): boolean {
  const display = value as { primary?: unknown; secondary?: unknown } | null;
  return (
    !!display &&
    oneOf(PRICE_DISPLAY_VALUES, display.primary) &&
    oneOf(PRICE_DISPLAY_VALUES, display.secondary)
  );
}
