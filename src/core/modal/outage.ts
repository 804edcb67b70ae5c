/**
 * Retry after the provider was unreachable, whichever way it failed: a chunk that did not load
 * (ModalController.fail, lazyAction) or a login flow whose request got provider_unreachable
 * (ModalController.run). The failing action registers how it is tried again; ERROR_SCREEN's
 * button calls `retry`. One registration a modal: the latest failure's.
 */

/** What Retry needs of ModalController (not imported: modal.ts imports this module). */
interface GoesBack {
  back(): void;
}

const retries = new WeakMap<GoesBack, () => unknown>();

/** How Retry tries the failed action again; none: Retry only goes back. */
export function onRetry(modal: GoesBack, again?: () => unknown): void {
  if (again) retries.set(modal, again);
  else retries.delete(modal);
}

/** ERROR_SCREEN's button: back (§8), then the failed action again after an outage. */
export function retry(modal: GoesBack): void {
  const again = retries.get(modal);
  retries.delete(modal);
  modal.back();
  again?.();
}
