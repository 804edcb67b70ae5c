/**
 * `LoginWidget.exportWallet()` (§2.3, §4.6): EMBEDDED_WALLET_KEY_EXPORT_SCREEN ('Transfer Wallet')
 * with the provider-origin surface, shown at least 1 s after the call; the key is rebuilt by the
 * wallet frame and shown in the surface only after a click there, and never reaches this page.
 * Resolves when the screen closes.
 */
import { SCREENS } from '../../../protocol/screens.js';
import { KEY_EXPORT_MIN_WAIT_MS, WALLET_FRAME_REQUESTS } from '../../../protocol/wallet-frame.js';
import type { Context } from '../../context.js';
import { isCancelled, type Task } from '../../modal/task.js';
import { requireToken } from '../../session/require-token.js';
import { connect } from './connect.js';
import { WalletProxyError } from './proxy.js';
import { walletState } from './state.js';
import { hideSurface, showPrompts } from './surface.js';

async function showExport(ctx: Context, task: Task, started: number): Promise<void> {
  const address = await connect(ctx, { interactive: true, task, withScreen: true });
  task.show(SCREENS.embeddedWalletKeyExport);
  const wait = KEY_EXPORT_MIN_WAIT_MS - (Date.now() - started);
  if (wait > 0) await task.pause(wait);
  const accessToken = await requireToken(ctx.session);
  const onPrompt = showPrompts(ctx, task, () => SCREENS.embeddedWalletKeyExport);
  const request = { accessToken, address };
  try {
    await task.until(
      walletState(ctx).proxy.request(WALLET_FRAME_REQUESTS.exportKey, request, {
        onPrompt,
        signal: task.signal,
      }),
    );
  } catch (error) {
    // Closed from inside the surface: as the modal's own close.
    if (!(error instanceof WalletProxyError && error.walletErrorType === 'user_rejected')) throw error;
  }
  ctx.modal.closeAfter(0);
}

export function exportWallet(ctx: Context): Promise<void> {
  const started = Date.now();
  return ctx.modal.run(async (task) => {
    try {
      await showExport(ctx, task, started);
    } catch (error) {
      // Closing the export view is how it ends (closing while it connects rejects, 4001, in connect).
      if (!isCancelled(error)) throw error;
    } finally {
      hideSurface(ctx);
    }
  });
}
