/**
 * The embedded wallet's announcement to the page's dapps (EIP-6963): the host's
 * `embeddedWallets.announce` and `announceName`, over the app's name. Read by the announcement's
 * chunk only (lazy, core/wallet/embedded/announce.ts).
 */
import type { AppConfigWire } from '../../protocol/api.js';
import type { HostConfig } from '../../protocol/client.js';
import { ANNOUNCED_WALLET_SUFFIX } from '../../protocol/eip6963.js';
import type { Context } from '../context.js';

export interface AnnounceSettings {
  /** Off only when the host says `embeddedWallets.announce: false`. */
  announce: boolean;
  /** `announceName`, else the app's name (the host's `name` over the app's) + ' wallet'. */
  name: string;
}

function announceSettingsOf(app: AppConfigWire | null, host: HostConfig): AnnounceSettings {
  const own = host.embeddedWallets ?? {};
  const appName = host.name || app?.name || '';
  return {
    announce: own.announce !== false,
    name: own.announceName?.trim() || `${appName}${ANNOUNCED_WALLET_SUFFIX}`.trim(),
  };
}

export const announceSettings = (ctx: Context): AnnounceSettings =>
  announceSettingsOf(ctx.$appConfig.get(), ctx.$hostConfig.get());
