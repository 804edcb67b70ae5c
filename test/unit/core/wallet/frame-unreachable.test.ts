import { afterEach, describe, expect, it, vi } from 'vitest';
import { WALLET_PROXY_READY_AFTER_LOAD_MS } from '../../../../src/core/wallet/embedded/frame-mount.js';
import { WalletProxy, type WalletProxyError } from '../../../../src/core/wallet/embedded/proxy.js';

/**
 * The wallet frame's page loaded but said nothing: when the provider does not answer at all (the
 * page was the browser's error page), the wallet call fails at once as provider_unreachable, not
 * after the 30 s connect wait; a provider that answers keeps the wait.
 */
const PROVIDER = 'https://provider.test';
const messages = new EventTarget();

function proxyWith(fetcher: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(fetcher));
  const removed = { count: 0 };
  const proxy = new WalletProxy({
    apiUrl: PROVIDER,
    appId: 'app',
    clientAnalyticsId: 'caid',
    hostOrigin: 'https://host.test',
    messages,
    mount: (_url, onLoad) => {
      queueMicrotask(onLoad);
      return { window: { postMessage: () => undefined }, remove: () => (removed.count += 1) };
    },
  });
  return { proxy, removed };
}

const outcomeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ready',
    (error: WalletProxyError) => ({ code: error.code, message: error.message }),
  );

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a wallet frame whose provider is down', () => {
  it('rejects with provider_unreachable once the page has loaded silent and a HEAD gets no answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { proxy, removed } = proxyWith(() => Promise.reject(new TypeError('Failed to fetch')));
    const outcome = outcomeOf(proxy.ready());
    await vi.advanceTimersByTimeAsync(WALLET_PROXY_READY_AFTER_LOAD_MS);
    expect(await outcome).toEqual({
      code: 'provider_unreachable',
      message: 'The login service could not be reached',
    });
    expect(fetch).toHaveBeenCalledWith(
      expect.stringContaining(`${PROVIDER}/apps/app/embedded-wallets`),
      expect.objectContaining({ method: 'HEAD', mode: 'no-cors' }),
    );
    expect(removed.count).toBe(1);
  });

  it('keeps the connect wait when the provider answers (slow, or this origin refused)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { proxy } = proxyWith(() => Promise.resolve(new Response(null, { status: 200 })));
    const outcome = outcomeOf(proxy.ready());
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toEqual({ code: 'client_request_timeout', message: 'Wallet timeout' });
  });
});
