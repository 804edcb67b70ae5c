/**
 * The server-to-server API (a host's backend, HTTP Basic `appId:secret`) and its webhooks: paths,
 * limits and shapes. Users are in the client API's shape (UserWire).
 */
import type { UserWire } from './api.js';

export const SERVER_API_PATHS = {
  users: '/api/v1/users',
  user: '/api/v1/users/:id',
  userByEmail: '/api/v1/users/by_email/:address',
  userByWallet: '/api/v1/users/by_wallet/:address',
  userSessionsRevoke: '/api/v1/users/:id/sessions/revoke',
} as const;

/** `GET /api/v1/users?limit`: at most this many users per page, this many without a limit. */
export const USER_PAGE_MAX = 100;
export const USER_PAGE_DEFAULT = 50;

/** `GET /api/v1/users/:id` and the lookups. */
export interface ServerUserResponse {
  user: UserWire;
}

/** `GET /api/v1/users?cursor&limit`: oldest first; `next_cursor` null on the last page. */
export interface UserPageResponse {
  data: UserWire[];
  next_cursor: string | null;
}

/** `POST /api/v1/users/:id/sessions/revoke`: how many live sessions were revoked. */
export interface RevokeSessionsResponse {
  revoked: number;
}

/**
 * Webhook events (Standard Webhooks: body `{type, timestamp, data}`, headers `webhook-id`,
 * `webhook-timestamp`, `webhook-signature`). `data` carries `user_id`, and per event `account`
 * (linked/unlinked), `address` (wallet.created), `method` (mfa.enrolled), `is_new_user` (authenticated).
 */
export const WEBHOOK_EVENT_TYPES = [
  'user.created',
  'user.authenticated',
  'user.linked_account',
  'user.unlinked_account',
  'user.deleted',
  'wallet.created',
  'mfa.enrolled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
