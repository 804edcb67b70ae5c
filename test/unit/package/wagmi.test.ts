/**
 * The wagmi connector over a page's widget (a stand-in for `window.LoginWidget` and its EIP-1193
 * provider): switchChain asks the wallet and answers wagmi's chain, a chain outside wagmi's
 * configuration is refused with 4902, connect rejects with 4001 when the login modal closes with
 * no one logged in, a reconnection reads the account with no prompt, and the connector carries
 * the rdns the wallet announces.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gatehouse } from '../../../src/package/wagmi.js';
import { announcedWalletRdns } from '../../../src/protocol/eip6963.js';
import { EVENTS } from '../../../src/protocol/events.js';

const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const MAINNET = { id: 1, name: 'Ethereum' };
const DEV = { id: 31337, name: 'Dev' };
const slot = window as unknown as { LoginWidget?: unknown };

afterEach(() => {
  delete slot.LoginWidget;
});

/** A logged-in (or not) widget whose provider records its requests and is on `chainId`. */
function pageWidget(authenticated: boolean) {
  const requests: Array<{ method: string; params?: unknown }> = [];
  let chainId = 1;
  const provider = {
    request: vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
      requests.push({ method, params });
      if (method === 'eth_chainId') return `0x${chainId.toString(16)}`;
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [ADDRESS];
      if (method === 'wallet_switchEthereumChain')
        chainId = Number((params as [{ chainId: string }])[0].chainId);
      return null;
    }),
    on: vi.fn(),
    removeListener: vi.fn(),
  };
  const widget = {
    ready: Promise.resolve(),
    authenticated,
    user: authenticated ? { wallet: { address: ADDRESS } } : null,
    login: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
    createWallet: vi.fn(async () => {}),
    getEthereumProvider: vi.fn(async () => provider),
  };
  slot.LoginWidget = widget;
  return { widget, requests };
}

function connector() {
  const emitter = { emit: vi.fn() };
  const made = gatehouse()({ chains: [MAINNET, DEV] as never, emitter: emitter as never });
  return { made, emitter };
}

describe('the wagmi connector', () => {
  it('switches chains through the wallet, and refuses one wagmi does not know with 4902', async () => {
    const { requests } = pageWidget(true);
    const { made, emitter } = connector();
    await expect(made.switchChain?.({ chainId: 31337 })).resolves.toMatchObject({ id: 31337 });
    expect(requests).toContainEqual({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a69' }],
    });
    expect(emitter.emit).toHaveBeenCalledWith('change', { chainId: 31337 });
    await expect(made.getChainId()).resolves.toBe(31337);
    await expect(made.switchChain?.({ chainId: 10 })).rejects.toMatchObject({ code: 4902 });
  });

  it('connects a logged-in user with no modal, and on the chain asked for', async () => {
    const { widget } = pageWidget(true);
    const { made } = connector();
    await expect(made.connect({ chainId: 31337 })).resolves.toEqual({ accounts: [ADDRESS], chainId: 31337 });
    expect(widget.login).not.toHaveBeenCalled();
  });

  it('reconnects by reading the account (eth_accounts), and not for a visitor who is logged out', async () => {
    const { requests } = pageWidget(true);
    await connector().made.connect({ isReconnecting: true });
    expect(requests.map((request) => request.method)).toContain('eth_accounts');
    expect(requests.map((request) => request.method)).not.toContain('eth_requestAccounts');
    pageWidget(false);
    await expect(connector().made.connect({ isReconnecting: true })).rejects.toMatchObject({ code: 4900 });
  });

  it('rejects connect with 4001 when the login modal closes with no one logged in', async () => {
    const { widget } = pageWidget(false);
    const connecting = connector().made.connect();
    await vi.waitFor(() => expect(widget.login).toHaveBeenCalled());
    dispatchEvent(new CustomEvent(EVENTS.modalClose, { detail: { user: null } }));
    await expect(connecting).rejects.toMatchObject({ code: 4001 });
  });

  it('carries the rdns the embedded wallet announces', () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<script data-app-id="clz0000000000000000000000" data-api-url="https://auth.shop.example"></script>',
    );
    expect(connector().made.rdns).toBe(announcedWalletRdns('https://auth.shop.example'));
    document.querySelector('script[data-app-id]')?.remove();
  });
});
