import { PROVIDER_UNREACHABLE_MESSAGE } from '../../protocol/error-messages.js';

/**
 * The texts of an unreachable provider that the widget entry shows by itself, before the
 * modal's files have arrived (widget/outage-dialog.ts). ERROR_SCREEN and the modal use them too
 * (text/ui.ts), so they are written once and the entry carries only these four.
 */
export const OUTAGE_TEXT = {
  /** The dialog's heading and name. */
  unreachable: PROVIDER_UNREACHABLE_MESSAGE,
  /** Above Retry when the provider could not be reached: what to check before retrying. */
  checkConnection: 'Check your connection, then retry.',
  retry: 'Retry',
  close: 'Close',
} as const;
