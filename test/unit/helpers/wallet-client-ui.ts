/**
 * The wallet screens over the real wallet client: a logged-in user with an embedded wallet, the
 * frame a protocol peer on this page (it answers the §7 messages from the provider's origin), the
 * calls made through the public LoginWidget methods.
 */
import { expect, vi } from 'vitest';
import { memoryStorage } from '../../../src/core/storage.js';
import { STORAGE_KEYS } from '../../../src/protocol/constants.js';
import type { UserWire } from '../../../src/protocol/index.js';
import { WALLET_FRAME_READY, WALLET_FRAME_SOURCE } from '../../../src/protocol/wallet-frame.js';
import { renderUi } from '../../../src/widget/ui.js';
import { API_URL, FakeProvider } from './fake-provider.js';
import { createClient } from './setup.js';
import { button, dialogName, textbox, type } from './widget.js';

export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const SIGNATURE = `0x${'ab'.repeat(65)}`;

export interface FrameRequest {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

export type FrameAnswer = { data: unknown } | { error: { type: string; message: string } };

/** What the frame answers by default: the wallet is on this device, signatures are SIGNATURE. */
export function defaultAnswer(message: FrameRequest): FrameAnswer {
  if (message.type === 'wallet:rpc') {
    return {
      data: { response: { method: (message.data.request as { method: string }).method, data: SIGNATURE } },
    };
  }
  if (message.type === 'wallet:set-recovery-password') {
    return { data: { address: ADDRESS, recoveryMethod: 'user-passcode' } };
  }
  return { data: { address: ADDRESS } };
}

/** The wallet frame as the host sees it: a window that answers from the provider's origin. */
export function fakeFrame(
  answer: (message: FrameRequest) => FrameAnswer | Promise<FrameAnswer> = defaultAnswer,
) {
  const messages = new EventTarget();
  const received: FrameRequest[] = [];
  const frameWindow = {
    postMessage(message: FrameRequest, targetOrigin: string) {
      expect(targetOrigin).toBe(new URL(API_URL).origin);
      received.push(message);
      void Promise.resolve(answer(message)).then((answered) =>
        reply({ source: WALLET_FRAME_SOURCE, id: message.id, type: message.type, ...answered }),
      );
    },
  };
  const reply = (data: unknown) => {
    const event = new Event('message');
    Object.defineProperties(event, {
      data: { value: data },
      origin: { value: new URL(API_URL).origin },
      source: { value: frameWindow },
    });
    messages.dispatchEvent(event);
  };
  return {
    received,
    seams: {
      messages,
      hostOrigin: 'https://shop.test',
      mount: () => {
        queueMicrotask(() => reply({ source: WALLET_FRAME_SOURCE, type: WALLET_FRAME_READY }));
        return { window: frameWindow, remove: () => {} };
      },
    },
  };
}

type Client = ReturnType<typeof createClient>['gatehouse'];

/** The widget's UI in a shadow root of the page, over `gatehouse`, once it is ready. */
async function mountUi(gatehouse: Client) {
  const host = document.createElement('div');
  host.id = 'gatehouse-root';
  document.body.appendChild(host);
  const shadow = host.attachShadow({ mode: 'open' });
  renderUi({ ctx: gatehouse.ctx, host, shadow });
  await gatehouse.ready;
  return shadow;
}

/** Alice, logged in (a stored session), with an embedded wallet recovered silently ('gatehouse'). */
export async function loggedInWithWallet(
  options: {
    recoveryMethod?: 'gatehouse' | 'user-passcode';
    answer?: (message: FrameRequest) => FrameAnswer;
    /** Other origins than the provider's (a chain node): answers, or undefined for the provider. */
    fetch?: (input: string, init: RequestInit) => Promise<Response> | undefined;
  } = {},
) {
  const provider = new FakeProvider();
  const user = provider.createUser('alice@example.com');
  user.linked_accounts.push(embeddedWalletAccount(provider, options.recoveryMethod));
  const storage = memoryStorage();
  storage.setItem(STORAGE_KEYS.refreshToken, provider.issue(user).refresh_token);
  const frame = fakeFrame(options.answer);
  const fetch = (input: string, init: RequestInit) =>
    options.fetch?.(input, init) ?? provider.fetch(input, init);
  const { gatehouse } = createClient({ storage, walletFrame: frame.seams, fetch }, provider);
  const shadow = await mountUi(gatehouse);
  expect(gatehouse.ctx.stores.$authenticated.get()).toBe(true);
  return { gatehouse, shadow, frame };
}

/** The UI over a Gatehouse whose frame is `frame`, nobody logged in. */
export async function loggedOut(provider: FakeProvider, frame: ReturnType<typeof fakeFrame>) {
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

/** From 'Save your password' on: Continue, the password confirmed, the acknowledgement, 'Set password', 'Success'. */
export async function confirmPasswordAndFinish(shadow: ShadowRoot, password: string) {
  button(shadow, 'Continue').click();
  await vi.waitFor(() => expect(dialogName(shadow)).toBe('Confirm your password'));
  type(textbox(shadow, 'Confirm password'), password);
  await vi.waitFor(() => expect(button(shadow, 'Continue').disabled).toBe(false));
  button(shadow, 'Continue').click();
  await vi.waitFor(() => expect(dialogName(shadow)).toBe('Finish setting up'));
  textbox(shadow, 'I understand losing my password means losing my account.').click();
  await vi.waitFor(() => expect(button(shadow, 'Set password').disabled).toBe(false));
  button(shadow, 'Set password').click();
  await vi.waitFor(() => expect(dialogName(shadow)).toBe('Success'), { timeout: 3000 });
}
