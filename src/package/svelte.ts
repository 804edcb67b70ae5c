/**
 * `@gatehousejs/widget/svelte`: the widget in a Svelte app. The stores are nanostores, which are Svelte
 * stores already (`subscribe` calls at once and returns the unsubscriber), so `$user` works in a
 * component; they read the logged-out state until `loadGatehouse()` has the widget ready.
 */
import type { ReadableAtom } from 'nanostores';
import type { User } from '../protocol/client.js';
import type { ConnectedWallet } from '../protocol/external-wallet.js';
import type { LoginWidgetApi } from '../protocol/login-widget.js';
import { type GatehouseOptions, start, stores } from './start.js';

export type { GatehouseOptions } from './start.js';

/**
 * Loads the widget once per page (call it in `onMount` or your entry file) and resolves with it,
 * or with `null` when the provider cannot be reached: `onError` hears why; it never rejects.
 */
export const loadGatehouse = (options: GatehouseOptions): Promise<LoginWidgetApi | null> => start(options);

/** `window.LoginWidget` once it is ready, `null` before (and on the server). */
export const loginWidget: ReadableAtom<LoginWidgetApi | null> = stores.$widget;

/** The logged-in user, or `null`. */
export const user: ReadableAtom<User | null> = stores.$user;

/** Whether a user is logged in. */
export const authenticated: ReadableAtom<boolean> = stores.$authenticated;

/** Whether the widget has loaded and knows the session. */
export const ready: ReadableAtom<boolean> = stores.$ready;

/** The connected external wallets, in the order they connected. */
export const wallets: ReadableAtom<ConnectedWallet[]> = stores.$wallets;
