import type { ScreenName } from '../../protocol/screens.js';
import { ANALYTICS_EVENTS } from '../analytics.js';
import type { Context } from '../context.js';
import type { AuthFlowState } from './modal.js';

/** Opens the modal (at LANDING or `screen`), reporting `modal_open` when it was closed (§7). */
export function openModal(ctx: Context, screen?: ScreenName, flow?: Partial<AuthFlowState>): void {
  if (!ctx.modal.isOpen) ctx.analytics.track(ANALYTICS_EVENTS.modalOpen);
  ctx.modal.open(screen, flow);
}
