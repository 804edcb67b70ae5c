/**
 * What a login or link flow says when it fails (§8): read by the modal's error screen and by the
 * flows, which load after the page's start; kept out of MESSAGES, which every page carries.
 */
import { MAIL_DELIVERY_FAILED_MESSAGE, TOO_MANY_REQUESTS_MESSAGE } from '../../protocol/error-messages.js';

export const FLOW_MESSAGES = {
  noAuthFlow: 'No auth flow in progress.',
  tooManyRequests: TOO_MANY_REQUESTS_MESSAGE,
  mailDeliveryFailed: MAIL_DELIVERY_FAILED_MESSAGE,
  linkedToAnotherUser: 'This account has already been linked to another user.',
} as const;
