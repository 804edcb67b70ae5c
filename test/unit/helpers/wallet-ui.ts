/**
 * The widget's UI over a real client (against the fake provider), opened at an embedded-wallet
 * screen with a given wallet UI state: what the wallet flows of core would show. The screens'
 * calls go to the wallet actions of the client, spied on.
 */
import { expect, vi } from 'vitest';
import type { Context } from '../../../src/core/context.js';
import { walletActions, walletUi } from '../../../src/core/wallet/embedded/index.js';
import type { WalletActions, WalletUiState } from '../../../src/core/wallet/embedded/ui-state.js';
import { INITIAL_WALLET_UI } from '../../../src/core/wallet/embedded/ui-state.js';
import type { ScreenName } from '../../../src/protocol/screens.js';
import { renderUi } from '../../../src/widget/ui.js';
import { FakeProvider } from './fake-provider.js';
import { createClient } from './setup.js';
import { dialog, dialogName } from './widget.js';

export type WalletUiUpdate = { [K in keyof WalletUiState]?: Partial<NonNullable<WalletUiState[K]>> | null };

const ACTIONS: (keyof WalletActions)[] = [
  'addFunds',
  'cancelWalletRequest',
  'retry',
  'beginWalletPassword',
  'cancelWalletPassword',
];

/**
 * The provider-origin surface's page is the provider's business (test/unit/frame/surface-*.test.ts):
 * happy-dom gets a blank page of the provider's origin for the host's iframe, not the network.
 */
export function blankSurfacePages(): void {
  const happy = (window as unknown as { happyDOM?: { settings: { fetch: { interceptor: unknown } } } })
    .happyDOM;
  if (!happy) return;
  happy.settings.fetch.interceptor = {
    beforeAsyncRequest: async ({ request }: { request: Request }) =>
      new URL(request.url).pathname.endsWith('/embedded-wallets/surface')
        ? new Response('<!doctype html><title>Surface</title>', { headers: { 'content-type': 'text/html' } })
        : undefined,
  };
}

export async function openWalletScreen(
  screen: ScreenName,
  state: WalletUiUpdate = {},
  provider = new FakeProvider(),
) {
  blankSurfacePages();
  const { gatehouse } = createClient({}, provider);
  const host = document.createElement('div');
  host.id = 'gatehouse-root';
  document.body.appendChild(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const unmount = renderUi({ ctx: gatehouse.ctx, host, shadow });
  await gatehouse.ready;
  const spied = walletActions(gatehouse.ctx);
  const actions = {} as { [K in keyof WalletActions]: ReturnType<typeof vi.fn> };
  for (const name of ACTIONS) {
    actions[name] = vi.spyOn(spied, name).mockImplementation((() => Promise.resolve()) as never);
  }
  setWalletUi(gatehouse, state);
  gatehouse.ctx.modal.open(screen);
  // The wallet screens are lazy: the loading view shows until the screen's chunk is in.
  await vi.waitFor(() => {
    expect(dialog(shadow)?.querySelector('[data-screen]')?.getAttribute('data-screen')).toBe(screen);
    expect(dialogName(shadow)).not.toBe('Loading');
  });
  return { gatehouse, shadow, actions, unmount };
}

/** Merges each part of `update` into the current wallet UI state (null clears sign or send). */
export function setWalletUi(client: { ctx: Context }, update: WalletUiUpdate) {
  const $ui = walletUi(client.ctx);
  const current = $ui.get() ?? INITIAL_WALLET_UI;
  const next = { ...current } as Record<string, unknown>;
  for (const [key, value] of Object.entries(update)) {
    const base = (current as unknown as Record<string, object | null>)[key];
    next[key] = value === null ? null : { ...(base ?? {}), ...value };
  }
  $ui.set(next as unknown as WalletUiState);
}
