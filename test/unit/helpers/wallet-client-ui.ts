/**
 * The wallet screens over the real wallet client: a logged-in user with an embedded wallet, the
 * frame a protocol peer on this page holding a real key (../core/wallet/ethers-frame.ts: the
 * frame's real channel and prompts), the calls made through the public LoginWidget methods. What
 * the user does in the provider-origin surface the screens frame, `frame.surface` does (the
 * cross-origin surface page cannot load in happy-dom).
 */
import { expect } from 'vitest';
import { memoryStorage } from '../../../src/core/storage.js';
import { STORAGE_KEYS } from '../../../src/protocol/constants.js';
import type { UserWire } from '../../../src/protocol/index.js';
import { renderUi } from '../../../src/widget/ui.js';
import { type EthersFrameOptions, ethersFrame, walletAccountWire } from '../core/wallet/ethers-frame.js';
import { API_URL, APP_ID, FakeProvider } from './fake-provider.js';
import { createClient } from './setup.js';
import { blankSurfacePages } from './wallet-ui.js';
import { dialog } from './widget.js';

/** Hardhat's first dev account: its key, and the wallet's address. */
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/**
 * The wallet frame of ADDRESS on this page; its creations link the wallet to every user of
 * `provider`, as the server would.
 */
export function walletFrame(provider: FakeProvider, options: EthersFrameOptions = {}) {
  const users = (provider as unknown as { users: Map<string, UserWire> }).users;
  const link = (address: string, recoveryMethod: 'gatehouse' | 'user-passcode' | 'passkey') => {
    for (const user of users.values()) {
      user.linked_accounts = user.linked_accounts.filter((a) => a.type !== 'wallet');
      user.linked_accounts.push(walletAccountWire(address, recoveryMethod));
    }
  };
  return ethersFrame({ key: KEY, link, enforceWalletUis: provider.app.enforce_wallet_uis, ...options });
}

export type WalletFrame = ReturnType<typeof walletFrame>;

type Client = ReturnType<typeof createClient>['gatehouse'];

/** The widget's UI in a shadow root of the page, over `gatehouse`, once it is ready. */
export async function mountUi(gatehouse: Client) {
  blankSurfacePages();
  const host = document.createElement('div');
  host.id = 'gatehouse-root';
  document.body.appendChild(host);
  const shadow = host.attachShadow({ mode: 'open' });
  renderUi({ ctx: gatehouse.ctx, host, shadow });
  await gatehouse.ready;
  return shadow;
}

/** Alice, logged in (a stored session), with an embedded wallet on this device unless `frame` says otherwise. */
export async function loggedInWithWallet(
  options: {
    recoveryMethod?: 'gatehouse' | 'user-passcode';
    frame?: EthersFrameOptions;
    /** Other origins than the provider's (a chain node): answers, or undefined for the provider. */
    fetch?: (input: string, init: RequestInit) => Promise<Response> | undefined;
    provider?: FakeProvider;
  } = {},
) {
  const provider = options.provider ?? new FakeProvider();
  const user = provider.createUser('alice@example.com');
  user.linked_accounts.push(embeddedWalletAccount(provider, options.recoveryMethod));
  const storage = memoryStorage();
  storage.setItem(STORAGE_KEYS.refreshToken, provider.issue(user).refresh_token);
  const frame = walletFrame(provider, options.frame);
  const fetch = (input: string, init: RequestInit) =>
    options.fetch?.(input, init) ?? provider.fetch(input, init);
  const { gatehouse, events } = createClient({ storage, walletFrame: frame.seams, fetch }, provider);
  const shadow = await mountUi(gatehouse);
  expect(gatehouse.ctx.stores.$authenticated.get()).toBe(true);
  return { gatehouse, shadow, frame, events, provider };
}

/** The UI over a Gatehouse whose frame is `frame`, nobody logged in. */
export async function loggedOut(provider: FakeProvider, frame: WalletFrame) {
  const { gatehouse } = createClient({ walletFrame: frame.seams }, provider);
  const shadow = await mountUi(gatehouse);
  return { gatehouse, shadow };
}

/** The embedded wallet account at ADDRESS, as the provider lists it. */
export function embeddedWalletAccount(
  provider: FakeProvider,
  recoveryMethod: 'gatehouse' | 'user-passcode' = 'gatehouse',
) {
  return {
    type: 'wallet',
    address: ADDRESS,
    chain_type: 'ethereum',
    wallet_client: 'gatehouse',
    wallet_client_type: 'gatehouse',
    connector_type: 'embedded',
    recovery_method: recoveryMethod,
    verified_at: provider.now(),
    first_verified_at: provider.now(),
    latest_verified_at: provider.now(),
  } as never;
}

/** A provider that creates embedded wallets on login; `user()` is the new user once the login made her. */
export function createOnLoginProvider(config: { require_user_password_on_create?: boolean } = {}) {
  const provider = new FakeProvider();
  provider.app = {
    ...provider.app,
    embedded_wallet_config: {
      ...provider.app.embedded_wallet_config,
      create_on_login: 'all-users',
      ...config,
    },
  };
  let created: UserWire | null = null;
  const createUser = provider.createUser.bind(provider);
  provider.createUser = (email) => {
    created = createUser(email);
    return created;
  };
  return { provider, user: () => created! };
}

/**
 * The provider-origin surface the dialog frames, as the page holds it: its iframe (title, the
 * prompt it shows) and nothing to type or approve around it.
 */
export function framedSurface(shadow: ShadowRoot) {
  const iframe = dialog(shadow)?.querySelector<HTMLIFrameElement>('iframe[data-surface]');
  if (!iframe) throw new Error(`no surface in: ${dialog(shadow)?.textContent}`);
  const src = new URL(iframe.getAttribute('src') ?? '');
  expect(src.origin + src.pathname).toBe(`${API_URL}/apps/${APP_ID}/embedded-wallets/surface`);
  expect(src.searchParams.get('origin')).toBe('https://shop.test');
  return {
    iframe,
    title: iframe.title,
    kind: iframe.dataset.surface,
    prompt: src.searchParams.get('prompt'),
    /** Every input and button of the page's dialog, by text (the surface's own are inside its frame). */
    inputs: dialog(shadow)?.querySelectorAll('input').length ?? 0,
    buttons: [...(dialog(shadow)?.querySelectorAll('button') ?? [])].map((b) => b.textContent?.trim()),
  };
}
