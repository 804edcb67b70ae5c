/**
 * The widget's UI over a real Gatehouse (against the fake provider), opened at an embedded-wallet
 * screen with a given `$walletUi` state: what the wallet flows of core would show. The screens'
 * calls go to the Gatehouse's wallet actions, spied on.
 */
import { expect, vi } from 'vitest';
import { WALLET_ACTIONS } from '../../../src/core/gatehouse.js';
import type { WalletActions, WalletUiState } from '../../../src/core/wallet/ui-state.js';
import { INITIAL_WALLET_UI } from '../../../src/core/wallet/ui-state.js';
import type { ScreenName } from '../../../src/protocol/screens.js';
import { renderUi } from '../../../src/widget/ui.js';
import { FakeProvider } from './fake-provider.js';
import { createClient } from './setup.js';
import { dialog, dialogName } from './widget.js';

export type WalletUiUpdate = { [K in keyof WalletUiState]?: Partial<NonNullable<WalletUiState[K]>> | null };

export async function openWalletScreen(
  screen: ScreenName,
  state: WalletUiUpdate = {},
  provider = new FakeProvider(),
) {
  const { gatehouse } = createClient({}, provider);
  const host = document.createElement('div');
  host.id = 'gatehouse-root';
  document.body.appendChild(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const unmount = renderUi({ gatehouse, host, shadow });
  await gatehouse.ready;
  const actions: { [K in keyof WalletActions]: ReturnType<typeof vi.fn> } = {} as never;
  for (const name of WALLET_ACTIONS) {
    actions[name] = vi.spyOn(gatehouse, name).mockImplementation((() => Promise.resolve()) as never);
  }
  setWalletUi(gatehouse, state);
  gatehouse.modal.open(screen);
  // The wallet screens are lazy: the loading view shows until the screen's chunk is in.
  await vi.waitFor(() => {
    expect(dialog(shadow)?.querySelector('[data-screen]')?.getAttribute('data-screen')).toBe(screen);
    expect(dialogName(shadow)).not.toBe('Loading');
  });
  return { gatehouse, shadow, actions, unmount };
}

/** Merges each part of `update` into the current `$walletUi` (null clears sign or send). */
export function setWalletUi(
  gatehouse: { $walletUi: { get(): WalletUiState; set(v: WalletUiState): void } },
  update: WalletUiUpdate,
) {
  const current = gatehouse.$walletUi.get() ?? INITIAL_WALLET_UI;
  const next = { ...current } as Record<string, unknown>;
  for (const [key, value] of Object.entries(update)) {
    const base = (current as unknown as Record<string, object | null>)[key];
    next[key] = value === null ? null : { ...(base ?? {}), ...value };
  }
  gatehouse.$walletUi.set(next as unknown as WalletUiState);
}
