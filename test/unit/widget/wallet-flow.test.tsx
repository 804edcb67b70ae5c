/**
 * The wallet screens over the real wallet client: a logged-in user with an embedded wallet, the
 * frame a protocol peer on this page (it answers the §7 messages from the provider's origin), the
 * calls made through the public LoginWidget methods.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../src/core/storage.js';
import { STORAGE_KEYS } from '../../../src/protocol/constants.js';
import type { UserWire } from '../../../src/protocol/index.js';
import { WALLET_FRAME_READY, WALLET_FRAME_SOURCE } from '../../../src/protocol/wallet-frame.js';
import { renderUi } from '../../../src/widget/ui.js';
import { fakeNode, gwei, hex } from '../core/wallet/fake-node.js';
import { API_URL, FakeProvider } from '../helpers/fake-provider.js';
import { createClient } from '../helpers/setup.js';
import {
  button,
  cleanupWidget,
  dialog,
  dialogName,
  digits,
  link,
  type MountedWidget,
  paste,
  requestCode,
  textbox,
  type,
} from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SIGNATURE = `0x${'ab'.repeat(65)}`;

interface FrameRequest {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

type FrameAnswer = { data: unknown } | { error: { type: string; message: string } };

/** What the frame answers by default: the wallet is on this device, signatures are SIGNATURE. */
function defaultAnswer(message: FrameRequest): FrameAnswer {
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
function fakeFrame(answer: (message: FrameRequest) => FrameAnswer | Promise<FrameAnswer> = defaultAnswer) {
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

/** Alice, logged in (a stored session), with an embedded wallet recovered silently ('gatehouse'). */
async function loggedInWithWallet(
  options: {
    recoveryMethod?: 'gatehouse' | 'user-passcode';
    answer?: (message: FrameRequest) => FrameAnswer;
    /** Other origins than the provider's (a chain node): answers, or undefined for the provider. */
    fetch?: (input: string, init: RequestInit) => Promise<Response> | undefined;
  } = {},
) {
  const provider = new FakeProvider();
  const user = provider.createUser('alice@example.com');
  user.linked_accounts.push({
    type: 'wallet',
    address: ADDRESS,
    chain_type: 'ethereum',
    wallet_client: 'gatehouse',
    wallet_client_type: 'gatehouse',
    connector_type: 'embedded',
    recovery_method: options.recoveryMethod ?? 'gatehouse',
    verified_at: provider.now(),
    first_verified_at: provider.now(),
    latest_verified_at: provider.now(),
  } as never);
  const storage = memoryStorage();
  storage.setItem(STORAGE_KEYS.refreshToken, provider.issue(user).refresh_token);
  const frame = fakeFrame(options.answer);
  const fetch = (input: string, init: RequestInit) =>
    options.fetch?.(input, init) ?? provider.fetch(input, init);
  const { gatehouse } = createClient({ storage, walletFrame: frame.seams, fetch }, provider);
  const host = document.createElement('div');
  host.id = 'gatehouse-root';
  document.body.appendChild(host);
  const shadow = host.attachShadow({ mode: 'open' });
  renderUi({ ctx: gatehouse.ctx, host, shadow });
  await gatehouse.ready;
  expect(gatehouse.ctx.stores.$authenticated.get()).toBe(true);
  return { gatehouse, shadow, frame };
}

describe('EMBEDDED_WALLET_SIGN_REQUEST_SCREEN over the wallet client', () => {
  it("signMessage: the message on screen, 'Sign and continue' signs in the frame, 'Success', closed after 1400 ms", async () => {
    const { gatehouse, shadow, frame } = await loggedInWithWallet();
    const signed = gatehouse.call('signMessage', ['Hello from Acme']) as Promise<unknown>;
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Sign message'), { timeout: 3000 });
    expect(shadow.querySelector('pre')?.textContent).toBe('Hello from Acme');
    expect(frame.received.some((m) => m.type === 'wallet:rpc')).toBe(false);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    button(shadow, 'Sign and continue').click();
    // The frame answers at once: only promises to settle, no time passes (vi.waitFor would advance the clock).
    for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(0);
    expect(shadow.querySelector('[role="status"]')?.textContent).toBe('Success');
    const rpc = frame.received.find((m) => m.type === 'wallet:rpc')!;
    expect(rpc.data.request).toEqual({ method: 'personal_sign', params: ['Hello from Acme', ADDRESS] });
    await expect(signed).resolves.toBe(SIGNATURE);
    await vi.advanceTimersByTimeAsync(1399);
    expect(dialog(shadow)).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(dialog(shadow)).toBeNull();
  });

  it("'Cancel' rejects the call with 4001 and closes the modal", async () => {
    const { gatehouse, shadow, frame } = await loggedInWithWallet();
    const signed = gatehouse.call('signMessage', ['Hello']) as Promise<unknown>;
    const outcome = signed.then(
      () => null,
      (error: { code?: unknown }) => error,
    );
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Sign message'), { timeout: 3000 });
    button(shadow, 'Cancel').click();
    expect(await outcome).toMatchObject({ code: 4001 });
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
    expect(frame.received.some((m) => m.type === 'wallet:rpc')).toBe(false);
  });
});

describe("EMBEDDED_WALLET_RECOVERY_SCREEN ('Load your account') over the wallet client", () => {
  it("a 'user-passcode' wallet not on this device asks for the password; a wrong one is refused, the right one signs", async () => {
    let onDevice = false;
    const { gatehouse, shadow, frame } = await loggedInWithWallet({
      recoveryMethod: 'user-passcode',
      answer: (message) => {
        if (message.type === 'wallet:connect' && !onDevice) {
          return { error: { type: 'wallet_not_on_device', message: 'No device share' } };
        }
        if (message.type === 'wallet:recover') {
          if (message.data.recoveryPin !== 'Right-pass1') {
            return { error: { type: 'invalid_recovery_pin', message: 'Wrong password' } };
          }
          onDevice = true;
        }
        return defaultAnswer(message);
      },
    });
    // The silent connect of the restored session has run (and, for a password wallet, stopped short).
    await vi.waitFor(() => expect(frame.received.some((m) => m.type === 'wallet:connect')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const signed = gatehouse.call('signMessage', ['Hello again']) as Promise<unknown>;
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Load your account'), { timeout: 3000 });

    type(textbox(shadow, 'Recovery password'), 'wrong-pass');
    await vi.waitFor(() => expect(button(shadow, 'Continue').disabled).toBe(false));
    button(shadow, 'Continue').click();
    await vi.waitFor(() =>
      expect(shadow.querySelector('[role="alert"]')?.textContent).toBe(
        'Invalid recovery password, please try again.',
      ),
    );
    expect(dialogName(shadow)).toBe('Load your account');

    type(textbox(shadow, 'Recovery password'), 'Right-pass1');
    await vi.waitFor(() => expect(textbox(shadow, 'Recovery password').value).toBe('Right-pass1'));
    button(shadow, 'Continue').click();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Sign message'), { timeout: 3000 });
    button(shadow, 'Sign and continue').click();
    await expect(signed).resolves.toBe(SIGNATURE);
    expect(frame.received.filter((m) => m.type === 'wallet:recover').map((m) => m.data.recoveryPin)).toEqual([
      'wrong-pass',
      'Right-pass1',
    ]);
  });
});

describe('setWalletPassword over the wallet client: the splash and the five steps', () => {
  it("'Secure Your Account', then creating, saving, confirming, finalizing and 'Success'; the frame gets the password", async () => {
    const { gatehouse, shadow, frame } = await loggedInWithWallet();
    const done = gatehouse.call('setWalletPassword', []) as Promise<unknown>;
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Secure Your Account'), { timeout: 3000 });
    button(shadow, 'Continue').click();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Create a password'));
    type(textbox(shadow, 'Password'), 'Sw0rdfish!!xy');
    await vi.waitFor(() => expect(button(shadow, 'Continue').disabled).toBe(false));
    expect(shadow.querySelector('[role="meter"]')?.getAttribute('aria-valuetext')).toBe('Strong');
    button(shadow, 'Continue').click();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Save your password'));
    expect(dialog(shadow)?.textContent).toContain('Sw0rdfish!!xy');
    expect(button(shadow, 'Download acme-shop-gatehouse-wallet-recovery.txt')).toBeTruthy();
    button(shadow, 'Continue').click();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Confirm your password'));
    type(textbox(shadow, 'Confirm password'), 'Sw0rdfish!!xy');
    await vi.waitFor(() => expect(button(shadow, 'Continue').disabled).toBe(false));
    button(shadow, 'Continue').click();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Finish setting up'));
    textbox(shadow, 'I understand losing my password means losing my account.').click();
    await vi.waitFor(() => expect(button(shadow, 'Set password').disabled).toBe(false));
    button(shadow, 'Set password').click();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Success'), { timeout: 3000 });
    await done;
    const set = frame.received.find((m) => m.type === 'wallet:set-recovery-password')!;
    expect(set.data.recoveryPassword).toBe('Sw0rdfish!!xy');
    // The password left the screen with the flow.
    expect(dialog(shadow)?.textContent).not.toContain('Sw0rdfish!!xy');
  });
});

describe('EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN over the wallet client and a chain node', () => {
  it("sendTransaction: 'Send ETH' with the review from the node, Approve, 'Submitting…', 'Transaction complete!', 'All Done'", async () => {
    const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const HASH = `0x${'12'.repeat(32)}`;
    let receiptAsked = 0;
    let letBroadcast = () => {};
    const broadcast = new Promise<void>((resolve) => {
      letBroadcast = resolve;
    });
    const node = fakeNode({
      eth_chainId: () => hex(31337),
      eth_getTransactionCount: () => hex(3),
      eth_estimateGas: () => hex(21000),
      eth_getBlockByNumber: () => ({ number: hex(10), baseFeePerGas: hex(gwei(1)) }),
      eth_maxPriorityFeePerGas: () => hex(gwei(1)),
      eth_feeHistory: () => ({
        baseFeePerGas: [hex(gwei(1))],
        reward: [[hex(gwei(1))]],
        oldestBlock: hex(10),
      }),
      eth_getBalance: () => hex(10n ** 19n),
      eth_gasPrice: () => hex(gwei(2)),
      eth_sendRawTransaction: () => HASH,
      eth_getTransactionReceipt: () => {
        receiptAsked += 1;
        return {
          transactionHash: HASH,
          from: ADDRESS.toLowerCase(),
          to: TO.toLowerCase(),
          blockNumber: hex(11),
          blockHash: `0x${'34'.repeat(32)}`,
          transactionIndex: '0x0',
          status: '0x1',
          gasUsed: hex(21000),
          cumulativeGasUsed: hex(21000),
          effectiveGasPrice: hex(gwei(2)),
          logs: [],
          logsBloom: `0x${'00'.repeat(256)}`,
          contractAddress: null,
          type: '0x2',
        };
      },
    });
    const { gatehouse, shadow, frame } = await loggedInWithWallet({
      fetch: (input, init) => {
        if (!input.startsWith('http://node.test')) return undefined;
        // The broadcast waits for the test, so the submitting state can be seen.
        if (String(init.body).includes('eth_sendRawTransaction'))
          return broadcast.then(() => node.fetch(input, init));
        return node.fetch(input, init);
      },
    });
    await gatehouse.call('init', [
      {
        supportedChains: [
          {
            id: 31337,
            name: 'Hardhat',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: { default: { http: ['http://node.test'] } },
            blockExplorers: { default: { name: 'Explorer', url: 'https://explorer.test' } },
          },
        ],
      },
    ]);
    const sent = gatehouse.call('sendTransaction', [
      { to: TO, value: 10n ** 17n, chainId: 31337 },
    ]) as Promise<{
      transactionHash: string;
    }>;
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Send ETH'), { timeout: 3000 });
    await vi.waitFor(() => expect(button(shadow, 'Approve').disabled).toBe(false), { timeout: 3000 });
    const body = dialog(shadow)?.textContent ?? '';
    expect(body).toContain('0.1 ETH');
    expect(body).toContain('Available balance');
    expect(body).toContain('10 ETH');
    expect(body).toContain('Hardhat');
    expect(link(shadow, `${TO} on the block explorer`).href).toBe(`https://explorer.test/address/${TO}`);
    expect(link(shadow, `${ADDRESS} on the block explorer`).textContent).toBe('0xf39…2266');

    button(shadow, 'Approve').click();
    await vi.waitFor(() =>
      expect(shadow.querySelector('[role="status"]')?.textContent).toBe(
        'Submitting (may take a few moments)...',
      ),
    );
    expect(button(shadow, 'Approve').disabled).toBe(true);
    letBroadcast();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Transaction complete!'), { timeout: 5000 });
    expect((await sent).transactionHash).toBe(HASH);
    expect(receiptAsked).toBeGreaterThan(0);
    expect(frame.received.find((m) => m.type === 'wallet:rpc')?.data.request).toMatchObject({
      method: 'eth_signTransaction',
    });
    expect(link(shadow, 'View transaction').href).toBe(`https://explorer.test/tx/${HASH}`);
    button(shadow, 'All Done').click();
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
  });
});

/** The UI over a Gatehouse whose frame is `frame`, nobody logged in. */
async function loggedOut(provider: FakeProvider, frame: ReturnType<typeof fakeFrame>) {
  const { gatehouse } = createClient({ walletFrame: frame.seams }, provider);
  const host = document.createElement('div');
  host.id = 'gatehouse-root';
  document.body.appendChild(host);
  const shadow = host.attachShadow({ mode: 'open' });
  renderUi({ ctx: gatehouse.ctx, host, shadow });
  await gatehouse.ready;
  return { gatehouse, shadow };
}

describe('creation on login over the wallet client (createOnLogin all-users)', () => {
  it("a new user sees 'Creating your wallet', then 'Your wallet is ready' with the address; it closes after 2.5 s", async () => {
    const provider = new FakeProvider();
    provider.app = {
      ...provider.app,
      embedded_wallet_config: { ...provider.app.embedded_wallet_config, create_on_login: 'all-users' },
    };
    // Alice as the provider holds her, once her login creates her.
    let alice: UserWire | null = null;
    const createUser = provider.createUser.bind(provider);
    provider.createUser = (email) => {
      alice = createUser(email);
      return alice;
    };
    let created: (() => void) | null = null;
    let letCreate = () => {};
    const creating = new Promise<void>((resolve) => {
      letCreate = resolve;
    });
    const frame = fakeFrame(async (message) => {
      if (message.type === 'wallet:create') {
        await creating;
        // The server side of the creation: the user now has the embedded wallet.
        alice!.linked_accounts.push({
          type: 'wallet',
          address: ADDRESS,
          chain_type: 'ethereum',
          wallet_client: 'gatehouse',
          wallet_client_type: 'gatehouse',
          connector_type: 'embedded',
          recovery_method: 'gatehouse',
          verified_at: provider.now(),
          first_verified_at: provider.now(),
          latest_verified_at: provider.now(),
        } as never);
        created?.();
      }
      return defaultAnswer(message);
    });
    const { gatehouse, shadow } = await loggedOut(provider, frame);
    const widget = { shadow } as MountedWidget;
    await gatehouse.call('login', []);
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Log in or sign up'));
    await requestCode(widget, 'alice@example.com');
    const createdAt = new Promise<number>((resolve) => {
      created = () => resolve(Date.now());
    });
    paste(digits(shadow)[0]!, provider.codes.get('alice@example.com')!);
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Creating your wallet'), { timeout: 3000 });
    letCreate();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Your wallet is ready'), { timeout: 3000 });
    const start = await createdAt;
    expect(dialog(shadow)?.textContent).toContain('0xf39…2266');
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull(), { timeout: 4000 });
    expect(Date.now() - start).toBeGreaterThanOrEqual(2400);
  });
});

describe("EMBEDDED_WALLET_KEY_EXPORT_SCREEN ('Transfer Wallet') over the wallet client", () => {
  it('exportWallet: after at least 1 s, the provider-origin export view with the §2.3 query; the key never in this page', async () => {
    const happy = (window as unknown as { happyDOM?: { settings: { disableIframePageLoading: boolean } } })
      .happyDOM;
    if (happy) happy.settings.disableIframePageLoading = true;
    const { gatehouse, shadow } = await loggedInWithWallet();
    const started = Date.now();
    const exported = gatehouse.call('exportWallet', []) as Promise<unknown>;
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Transfer Wallet'), { timeout: 3000 });
    await vi.waitFor(() => expect(shadow.querySelector('iframe')).not.toBeNull(), { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    const src = new URL(shadow.querySelector('iframe')!.getAttribute('src')!);
    expect(src.origin).toBe(new URL(API_URL).origin);
    expect(src.pathname).toMatch(/^\/apps\/[^/]+\/embedded-wallets\/export$/);
    expect(src.searchParams.get('address')).toBe(ADDRESS);
    expect(src.searchParams.get('token')).toBeTruthy();
    expect(src.searchParams.get('width')).toBeTruthy();
    expect(shadow.querySelector('iframe')!.getAttribute('title')).toBe('Transfer Wallet');
    button(shadow, 'Close').click();
    await exported;
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
  });
});

describe('creation on login with requireUserPasswordOnCreate over the wallet client', () => {
  it('the password steps first (no Cancel, the dialog stays open), the wallet created with it, Success, closed after 1400 ms', async () => {
    const provider = new FakeProvider();
    provider.app = {
      ...provider.app,
      embedded_wallet_config: {
        ...provider.app.embedded_wallet_config,
        create_on_login: 'all-users',
        require_user_password_on_create: true,
      },
    };
    let alice: UserWire | null = null;
    const createUser = provider.createUser.bind(provider);
    provider.createUser = (email) => {
      alice = createUser(email);
      return alice;
    };
    const frame = fakeFrame((message) => {
      if (message.type === 'wallet:create') {
        alice!.linked_accounts.push({
          type: 'wallet',
          address: ADDRESS,
          chain_type: 'ethereum',
          wallet_client: 'gatehouse',
          wallet_client_type: 'gatehouse',
          connector_type: 'embedded',
          recovery_method: 'user-passcode',
          verified_at: provider.now(),
          first_verified_at: provider.now(),
          latest_verified_at: provider.now(),
        } as never);
      }
      return defaultAnswer(message);
    });
    const { gatehouse, shadow } = await loggedOut(provider, frame);
    await gatehouse.call('login', []);
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Log in or sign up'));
    await requestCode({ shadow } as MountedWidget, 'alice@example.com');
    paste(digits(shadow)[0]!, provider.codes.get('alice@example.com')!);
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Create a password'), { timeout: 3000 });
    expect(() => button(shadow, 'Cancel')).toThrow();
    // The dialog's own Close does not end an automatic set-up.
    button(shadow, 'Close').click();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialogName(shadow)).toBe('Create a password');

    type(textbox(shadow, 'Password'), 'Sw0rdfish!!xy');
    await vi.waitFor(() => expect(button(shadow, 'Continue').disabled).toBe(false));
    button(shadow, 'Continue').click();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Save your password'));
    button(shadow, 'Continue').click();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Confirm your password'));
    type(textbox(shadow, 'Confirm password'), 'Sw0rdfish!!xy');
    await vi.waitFor(() => expect(button(shadow, 'Continue').disabled).toBe(false));
    button(shadow, 'Continue').click();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Finish setting up'));
    textbox(shadow, 'I understand losing my password means losing my account.').click();
    await vi.waitFor(() => expect(button(shadow, 'Set password').disabled).toBe(false));
    button(shadow, 'Set password').click();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Success'), { timeout: 3000 });
    const shownAt = Date.now();
    expect(frame.received.find((m) => m.type === 'wallet:create')?.data.recoveryPassword).toBe(
      'Sw0rdfish!!xy',
    );
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull(), { timeout: 3000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1300);
  });
});
