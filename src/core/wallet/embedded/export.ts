/**
 * `LoginWidget.exportWallet()` (§2.3, §4.6): EMBEDDED_WALLET_KEY_EXPORT_SCREEN ('Transfer Wallet')
 * with the provider-origin export view, shown at least 1 s after the call; resolves when the
 * screen closes. The key never leaves the provider's origin. The view gets the access token by
 * postMessage (protocol/wallet-device-frame.ts), never in its URL, where proxies and logs keep it.
 */

import { STORAGE_KEYS } from '../../../protocol/constants.js';
import { KEY_EXPORT_VIEW_WIDTH } from '../../../protocol/embedded-wallet.js';
import { SCREENS } from '../../../protocol/screens.js';
import { EXPORT_VIEW_MESSAGES } from '../../../protocol/wallet-device-frame.js';
import {
  KEY_EXPORT_MIN_WAIT_MS,
  WALLET_FRAME_QUERY,
  WALLET_FRAME_SOURCE,
  walletExportPath,
} from '../../../protocol/wallet-frame.js';
import type { Context } from '../../context.js';
import { hasProof, verifyOn } from '../../mfa/verify.js';
import { isCancelled, type Task } from '../../modal/task.js';
import { requireToken } from '../../session/require-token.js';
import { connect } from './connect.js';
import { update, walletState } from './state.js';
import { INITIAL_WALLET_UI } from './ui-state.js';

function exportUrl(ctx: Context, channel: string, address: string): string {
  const url = new URL(walletExportPath(ctx.appId), ctx.options.apiUrl);
  const config = ctx.$config.get();
  const dark = config.theme === 'dark';
  const params: Record<string, string> = {
    [WALLET_FRAME_QUERY.channel]: channel,
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

/**
 * Answers the export view of `channel` with the access token, while the screen is open: only a
 * message from the provider's origin, and only to that origin; closes the screen when the view
 * forwards Escape. Returns how to stop.
 */
function handOverToken(ctx: Context, channel: string): () => void {
  const providerOrigin = new URL(ctx.options.apiUrl).origin;
  const messages = ctx.options.walletFrame?.messages ?? globalThis;
  const listener = (event: Event): void => {
    const { data, origin, source } = event as MessageEvent;
    const message = data as { source?: unknown; type?: unknown; channel?: unknown } | null;
    if (origin !== providerOrigin || !source || message?.source !== WALLET_FRAME_SOURCE) return;
    if (message.channel !== channel) return;
    // Escape pressed inside the view (focus is in its frame): close, as Escape does elsewhere.
    if (message.type === EXPORT_VIEW_MESSAGES.escape) {
      ctx.modal.close();
      return;
    }
    if (message.type !== EXPORT_VIEW_MESSAGES.ready) return;
    const answer = (accessToken: string): void => {
      const token = { source: WALLET_FRAME_SOURCE, type: EXPORT_VIEW_MESSAGES.token, channel, accessToken };
      (source as { postMessage(message: unknown, targetOrigin: string): void }).postMessage(
        token,
        providerOrigin,
      );
    };
    requireToken(ctx.session).then(answer, () => undefined);
  };
  messages.addEventListener('message', listener);
  return () => messages.removeEventListener('message', listener);
}

async function showExport(ctx: Context, task: Task, started: number): Promise<void> {
  const state = walletState(ctx);
  const address = await connect(ctx, { interactive: true, task, withScreen: true });
  // The export view rebuilds the key under the frame's verification (§6): ask for one first.
  if ((ctx.stores.$user.get()?.mfaMethods.length ?? 0) > 0 && !hasProof(ctx))
    await verifyOn(ctx, task, 'action');
  await requireToken(ctx.session);
  update(state, { export: { url: null, address, width: KEY_EXPORT_VIEW_WIDTH } });
  task.show(SCREENS.embeddedWalletKeyExport);
  const wait = KEY_EXPORT_MIN_WAIT_MS - (Date.now() - started);
  if (wait > 0) await task.pause(wait);
  const channel = globalThis.crypto.randomUUID();
  const stop = handOverToken(ctx, channel);
  try {
    update(state, {
      export: { url: exportUrl(ctx, channel, address), address, width: KEY_EXPORT_VIEW_WIDTH },
    });
    await task.ask();
  } finally {
    stop();
  }
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
