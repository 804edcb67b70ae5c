/**
 * `LoginWidget.exportWallet()` (§2.3, §4.6): EMBEDDED_WALLET_KEY_EXPORT_SCREEN ('Transfer Wallet')
 * with the provider-origin export view, shown at least 1 s after the call; resolves when the
 * screen closes. The key never leaves the provider's origin.
 */

import { STORAGE_KEYS } from '../../../protocol/constants.js';
import { KEY_EXPORT_VIEW_WIDTH } from '../../../protocol/embedded-wallet.js';
import { SCREENS } from '../../../protocol/screens.js';
import {
  KEY_EXPORT_MIN_WAIT_MS,
  WALLET_FRAME_QUERY,
  walletExportPath,
} from '../../../protocol/wallet-frame.js';
import type { Context } from '../../context.js';
import { hasProof, verifyOn } from '../../mfa/verify.js';
import { isCancelled, type Task } from '../../modal/task.js';
import { requireToken } from '../../session/require-token.js';
import { connect } from './connect.js';
import { update, walletState } from './state.js';
import { INITIAL_WALLET_UI } from './ui-state.js';

function exportUrl(ctx: Context, accessToken: string, address: string): string {
  const url = new URL(walletExportPath(ctx.appId), ctx.options.apiUrl);
  const config = ctx.$config.get();
  const dark = config.theme === 'dark';
  const params: Record<string, string> = {
    [WALLET_FRAME_QUERY.token]: accessToken,
    [WALLET_FRAME_QUERY.address]: address,
    [WALLET_FRAME_QUERY.width]: String(KEY_EXPORT_VIEW_WIDTH),
    [WALLET_FRAME_QUERY.clientAnalyticsId]: ctx.storage.getItem(STORAGE_KEYS.clientAnalyticsId) ?? '',
    [WALLET_FRAME_QUERY.origin]: ctx.options.walletFrame?.hostOrigin ?? globalThis.location?.origin ?? '',
    [WALLET_FRAME_QUERY.background]: dark ? '#1a1b1f' : '#ffffff',
    [WALLET_FRAME_QUERY.foreground]: dark ? '#ffffff' : '#1a1b1f',
    [WALLET_FRAME_QUERY.accent]: config.accentColor,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

async function showExport(ctx: Context, task: Task, started: number): Promise<void> {
  const state = walletState(ctx);
  const address = await connect(ctx, { interactive: true, task, withScreen: true });
  // The export view rebuilds the key under the frame's verification (§6): ask for one first.
  if ((ctx.stores.$user.get()?.mfaMethods.length ?? 0) > 0 && !hasProof(ctx))
    await verifyOn(ctx, task, 'action');
  const accessToken = await requireToken(ctx.session);
  update(state, { export: { url: null, address, width: KEY_EXPORT_VIEW_WIDTH } });
  task.show(SCREENS.embeddedWalletKeyExport);
  const wait = KEY_EXPORT_MIN_WAIT_MS - (Date.now() - started);
  if (wait > 0) await task.pause(wait);
  update(state, {
    export: { url: exportUrl(ctx, accessToken, address), address, width: KEY_EXPORT_VIEW_WIDTH },
  });
  await task.ask();
}

export function exportWallet(ctx: Context): Promise<void> {
  const started = Date.now();
  return ctx.modal.run(async (task) => {
    try {
      await showExport(ctx, task, started);
    } catch (error) {
      update(walletState(ctx), { export: { ...INITIAL_WALLET_UI.export } });
      // Closing the export view is how it ends (closing while it connects rejects, 4001, in connect).
      if (!isCancelled(error)) throw error;
    }
  });
}
