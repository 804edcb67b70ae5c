/**
 * The embedded wallet as the page's dapps find it (EIP-6963): what a dapp listening on the window
 * receives once the user is logged in with an embedded wallet, the host's `announce: false` and
 * `announceName`, the logout (EIP-1193 disconnect), and the widget's own wallet list, which does
 * not offer our wallet back as an external one.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshWallets } from '../../helpers/external-wallets.js';
import { FakeExtensionWallet, RAINBOW_INFO } from '../../helpers/fake-eip1193.js';
import { loginByEmail } from '../../helpers/wallet-flows.js';
import { fakeNode } from './fake-node.js';
import { walletClient } from './wallet-client.js';

interface Eip1193 {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: string, listener: (value: unknown) => void): unknown;
}
interface Announcement {
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: Eip1193;
}

const ends: Array<() => unknown> = [];
afterEach(async () => {
  for (const end of ends.splice(0)) await end();
});

/** A dapp's script on the page: it listens for announcements and asks for them, as EIP-6963 says. */
function dapp() {
  const seen: Announcement[] = [];
  const listen = (event: Event) => seen.push((event as CustomEvent<Announcement>).detail);
  window.addEventListener('eip6963:announceProvider', listen);
  ends.push(() => window.removeEventListener('eip6963:announceProvider', listen));
  const ask = () => window.dispatchEvent(new Event('eip6963:requestProvider'));
  /** The announcement named `name`, once the wallet answers. */
  const find = (name: string) =>
    vi.waitFor(() => {
      ask();
      const found = seen.find((announced) => announced.info.name === name);
      if (!found) throw new Error(`no announcement named ${name}`);
      return found;
    });
  return { seen, ask, find };
}

async function loggedIn(options: Parameters<typeof walletClient>[0] = {}) {
  const node = fakeNode({ eth_chainId: '0x7a69' });
  const client = await walletClient({ node: node.fetch, ...options });
  ends.push(() => client.gatehouse.call('logout', []).catch(() => undefined));
  return client;
}

describe('the embedded wallet announced to the page (EIP-6963)', () => {
  it('answers a dapp with its info and the provider of getEthereumProvider(), which knows the account', async () => {
    const page = dapp();
    const { frame, gatehouse } = await loggedIn();
    const announced = await page.find('Acme Shop wallet');
    expect(announced.info.uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(announced.info.rdns).toBe('test.provider');
    expect(announced.info.icon).toMatch(/^data:image\/svg\+xml,%3Csvg/);
    expect(Object.isFrozen(announced) && Object.isFrozen(announced.info)).toBe(true);
    expect(await announced.provider.request({ method: 'eth_accounts' })).toEqual([frame.address]);
    expect(await announced.provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    expect(announced.provider).toBe(await gatehouse.call('getEthereumProvider', []));
    // Every request is answered, under the same uuid for this page load.
    const before = page.seen.length;
    page.ask();
    expect(page.seen.length).toBe(before + 1);
    expect(page.seen.at(-1)?.info).toEqual(announced.info);
  });

  it('uses the host-set name (embeddedWallets.announceName)', async () => {
    const page = dapp();
    await loggedIn({ host: { embeddedWallets: { announceName: 'Acme Pay' } } });
    const announced = await page.find('Acme Pay');
    expect(announced.info.rdns).toBe('test.provider');
  });

  it('announces nothing when the host sets embeddedWallets.announce: false', async () => {
    const page = dapp();
    const { gatehouse } = await loggedIn({ host: { embeddedWallets: { announce: false } } });
    const provider = await gatehouse.call('getEthereumProvider', []);
    await gatehouse.call('init', [{ embeddedWallets: { announce: true } }]);
    // Turned on, the wallet answers (the announcement is loaded and listening)...
    expect((await page.find('Acme Shop wallet')).provider).toBe(provider);
    await gatehouse.call('init', [{ embeddedWallets: { announce: false } }]);
    const before = page.seen.length;
    page.ask();
    page.ask();
    // ...and turned off, no dapp hears of it any more.
    expect(page.seen.length).toBe(before);
  });

  it('has not announced itself before a host with announce: false could say so', async () => {
    const page = dapp();
    const { gatehouse } = await loggedIn({ host: { embeddedWallets: { announce: false } } });
    await gatehouse.call('getEthereumProvider', []);
    await new Promise((resolve) => setTimeout(resolve, 50));
    page.ask();
    expect(page.seen).toEqual([]);
  });

  it('refuses a wrong announce option at init()', async () => {
    const { gatehouse } = await loggedIn();
    await expect(gatehouse.call('init', [{ embeddedWallets: { announce: 'no' } }])).rejects.toMatchObject({
      code: 'invalid_config',
    });
    await expect(gatehouse.call('init', [{ embeddedWallets: { announceName: ' ' } }])).rejects.toMatchObject({
      code: 'invalid_config',
    });
  });

  it('after logout: the dapp holding it gets accountsChanged([]) and disconnect (4900), and no more announcements', async () => {
    const page = dapp();
    const { gatehouse } = await loggedIn();
    const { provider } = await page.find('Acme Shop wallet');
    const heard: Array<[string, unknown]> = [];
    provider.on('accountsChanged', (accounts) => heard.push(['accountsChanged', accounts]));
    provider.on('disconnect', (error) => heard.push(['disconnect', error]));
    await gatehouse.call('logout', []);
    expect(heard.map(([event]) => event)).toEqual(['accountsChanged', 'disconnect']);
    expect(heard[0]?.[1]).toEqual([]);
    expect(heard[1]?.[1]).toMatchObject({ code: 4900 });
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
    const before = page.seen.length;
    page.ask();
    expect(page.seen.length).toBe(before);
  });

  it('logged in again: the provider says connect ({ chainId }) and the wallet is announced again', async () => {
    const page = dapp();
    const client = await loggedIn();
    const { provider, info } = await page.find('Acme Shop wallet');
    await client.gatehouse.call('logout', []);
    const heard: unknown[] = [];
    provider.on('connect', (connected) => heard.push(connected));
    page.seen.length = 0;
    await loginByEmail(client, 'alice@example.com');
    await vi.waitFor(() => expect(heard).toEqual([{ chainId: '0x7a69' }]));
    expect((await page.find('Acme Shop wallet')).info).toEqual(info);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([client.frame.address]);
  });

  it('is not offered back as an external wallet in the wallet list', async () => {
    const page = dapp();
    const client = await loggedIn();
    await page.find('Acme Shop wallet');
    new FakeExtensionWallet().announceOn(window, RAINBOW_INFO);
    const wallets = freshWallets(client.gatehouse, { discoveryWaitMs: 5 });
    expect(
      wallets
        .detect()
        .wallets()
        .map((wallet) => wallet.info.name),
    ).toEqual(['Rainbow']);
  });
});
