/**
 * The §8 wallet texts over the real wallet client, as the user sees them: a rate-limited provider
 * ('code 429') after the approval in the surface, a recovery the frame fails, a transaction that
 * cannot be prepared, and a creation on login that the provider fails.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WalletApiError } from '../../../src/frame/wallet-api.js';
import { MFA_TEXT } from '../../../src/protocol/mfa-text.js';
import { fakeNode, NodeError } from '../core/wallet/fake-node.js';
import {
  createOnLoginProvider,
  framedSurface,
  loggedInWithWallet,
  loggedOut,
  walletFrame,
} from '../helpers/wallet-client-ui.js';
import {
  button,
  cleanupWidget,
  dialogName,
  digits,
  type MountedWidget,
  paste,
  requestCode,
} from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

const alert = (shadow: ShadowRoot) =>
  [...shadow.querySelectorAll('[role="alert"]')].map((el) => el.textContent).join('|');

const failed = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

describe('§8 wallet texts on the wallet screens', () => {
  it("the provider rate-limits the signature approved in the surface: 'Too many requests. Please wait a moment and try again.', then Try again asks again", async () => {
    let limited = true;
    const { gatehouse, shadow, frame } = await loggedInWithWallet({
      frame: {
        provider: (message) =>
          message.type === 'wallet:rpc' && limited
            ? new WalletApiError(429, 'too_many_requests', 'Too many requests.')
            : undefined,
      },
    });
    const signed = failed(gatehouse.call('signMessage', ['Hello']) as Promise<unknown>);
    await vi.waitFor(() => framedSurface(shadow), { timeout: 3000 });
    await frame.surface.approve('sign-message');
    await vi.waitFor(() =>
      expect(alert(shadow)).toContain('Too many requests. Please wait a moment and try again.'),
    );
    expect(shadow.querySelector('iframe')).toBeNull();
    limited = false;
    button(shadow, 'Try again').click();
    await frame.surface.approve('sign-message');
    expect(typeof (await signed)).toBe('string');
    expect(frame.surface.prompts).toHaveLength(2);
  });

  it.each([
    ['mfa_verification_max_attempts_reached', MFA_TEXT.maxAttempts],
    ['mfa_timeout', MFA_TEXT.timedOut],
  ])(
    'a signature whose verification the provider ended (%s) says so in the words of §8',
    async (code, text) => {
      const { gatehouse, shadow, frame } = await loggedInWithWallet({
        frame: {
          provider: (message) =>
            message.type === 'wallet:rpc'
              ? new WalletApiError(403, code, 'what the provider said')
              : undefined,
        },
      });
      const signed = failed(gatehouse.call('signMessage', ['Hello']) as Promise<unknown>);
      await vi.waitFor(() => framedSurface(shadow), { timeout: 3000 });
      await frame.surface.approve('sign-message');
      await vi.waitFor(() => expect(alert(shadow)).toContain(text));
      expect(dialogName(shadow)).toBe('Sign message');
      button(shadow, 'Close').click();
      expect(await signed).toMatchObject({ code: 4001 });
    },
  );

  it("a recovery the frame fails shows 'Unable to recover wallet'", async () => {
    const { gatehouse, shadow } = await loggedInWithWallet({
      frame: {
        onDevice: false,
        provider: (message) =>
          message.type === 'wallet:recover' ? new WalletApiError(500, 'server_error', 'boom') : undefined,
      },
    });
    const signed = failed(gatehouse.call('signMessage', ['Hello']) as Promise<unknown>);
    await vi.waitFor(() => expect(alert(shadow)).toContain('Unable to recover wallet'), { timeout: 3000 });
    expect(await signed).toMatchObject({ type: 'wallet_error' });
  });

  it("a transaction the node cannot prepare shows 'There was an error preparing your transaction. Please try again.'", async () => {
    const node = fakeNode({
      eth_getTransactionCount: () => {
        throw new NodeError(-32000, 'header not found');
      },
      eth_estimateGas: '0x5208',
      eth_getBlockByNumber: { number: '0xa', baseFeePerGas: '0x3b9aca00' },
      eth_maxPriorityFeePerGas: '0x3b9aca00',
      eth_getBalance: '0x8ac7230489e80000',
    });
    const fetch = (input: string, init: RequestInit) =>
      input.startsWith('http://node.test') ? node.fetch(input, init) : undefined;
    const { gatehouse, shadow, frame } = await loggedInWithWallet({ fetch });
    const chain = {
      id: 31337,
      name: 'Hardhat',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://node.test'] } },
    };
    await gatehouse.call('init', [{ supportedChains: [chain] }]);
    const sent = failed(
      gatehouse.call('sendTransaction', [
        { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 1n },
      ]) as Promise<unknown>,
    );
    await vi.waitFor(
      () =>
        expect(alert(shadow)).toContain('There was an error preparing your transaction. Please try again.'),
      { timeout: 3000 },
    );
    // Nothing to sign: the frame is not asked.
    expect(shadow.querySelector('iframe')).toBeNull();
    expect(frame.received.some((m) => m.type === 'wallet:rpc')).toBe(false);
    gatehouse.ctx.modal.close();
    expect(await sent).toMatchObject({ code: 4001 });
  });

  it("a creation on login the provider fails: 'Something went wrong' with \"We're on it. Please try again later.\"", async () => {
    const { provider } = createOnLoginProvider();
    const frame = walletFrame(provider, {
      provider: (message) =>
        message.type === 'wallet:create'
          ? new WalletApiError(500, 'server_error', 'Embedded wallet error')
          : undefined,
    });
    const { gatehouse, shadow } = await loggedOut(provider, frame);
    await gatehouse.call('login', []);
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Log in or sign up'));
    await requestCode({ shadow } as MountedWidget, 'alice@example.com');
    paste(digits(shadow)[0]!, provider.codes.get('alice@example.com')!);
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Something went wrong'), { timeout: 3000 });
    expect(alert(shadow)).toBe("We're on it. Please try again later.");
    expect(gatehouse.ctx.stores.$authenticated.get()).toBe(false);
  });
});
