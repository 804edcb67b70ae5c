/**
 * createOnLogin (§4.2, §6): the host's `embeddedWallets.createOnLogin` over the app's. Apart from
 * the other wallet settings (wallet.ts, lazy) because every page reads it: a login decides with it
 * whether to load the wallet at all.
 */
import type { AppConfigWire } from '../../protocol/api.js';
import type { HostConfig } from '../../protocol/client.js';
import type { CreateOnLoginSetting } from '../../protocol/embedded-wallet.js';
import type { Context } from '../context.js';

/** 'off', 'users-without-wallets', 'all-users', or undefined where neither sets it (no wallet). */
export const createOnLoginOf = (
  app: AppConfigWire | null,
  host: HostConfig,
): CreateOnLoginSetting | undefined =>
  host.embeddedWallets?.createOnLogin ?? app?.embedded_wallet_config?.create_on_login;

export const createOnLogin = (ctx: Context): CreateOnLoginSetting | undefined =>
  createOnLoginOf(ctx.$appConfig.get(), ctx.$hostConfig.get());
