import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { load } from '../../../src/package/load.js';
import type { LoginWidgetStub } from '../../../src/protocol/loader.js';

const APP_ID = 'clz0000000000000000000000';
const slot = window as unknown as { LoginWidget?: unknown };

beforeAll(() => {
  // happy-dom runs no script files: a tag it does not load counts as loaded, so only the test fails one.
  const settings = (window as unknown as { happyDOM: { settings: Record<string, unknown> } }).happyDOM
    .settings;
  settings.handleDisabledFileLoadingAsSuccess = true;
});

afterEach(() => {
  delete slot.LoginWidget;
  for (const script of document.querySelectorAll('script')) script.remove();
});

/** What the real loader does once its widget is mounted: replace the stub and settle its `ready`. */
function loaderArrives(): { ready: Promise<void>; login(): void } {
  const stub = slot.LoginWidget as LoginWidgetStub;
  const real = { ready: Promise.resolve(), login() {} };
  slot.LoginWidget = real;
  stub.settle[0](undefined);
  return real;
}

describe('load()', () => {
  it('puts the stub, injects one loader tag from the provider, and resolves with the real instance', async () => {
    const first = load({ appId: APP_ID, apiUrl: 'https://auth.example.com/' });
    const second = load({ appId: APP_ID, apiUrl: 'https://auth.example.com/' });
    const scripts = document.querySelectorAll<HTMLScriptElement>('script[data-app-id]');
    expect(scripts).toHaveLength(1);
    const [script] = scripts;
    expect(script?.src).toBe('https://auth.example.com/loader.js');
    expect(script?.async).toBe(true);
    expect(script?.dataset.appId).toBe(APP_ID);
    expect(script?.dataset.apiUrl).toBe('https://auth.example.com');
    expect(Array.isArray((slot.LoginWidget as LoginWidgetStub).settle)).toBe(true);
    const real = loaderArrives();
    await expect(first).resolves.toBe(real);
    await expect(second).resolves.toBe(real);
  });

  it('takes a pinned loader with its integrity hash', () => {
    void load({
      appId: APP_ID,
      apiUrl: 'https://auth.example.com',
      loaderUrl: 'https://auth.example.com/loader@0.1.0.js',
      integrity: 'sha384-abc',
    }).catch(() => {});
    const script = document.querySelector<HTMLScriptElement>('script[data-app-id]');
    expect(script?.src).toBe('https://auth.example.com/loader@0.1.0.js');
    expect(script?.integrity).toBe('sha384-abc');
    expect(script?.crossOrigin).toBe('anonymous');
    loaderArrives();
  });

  it('writes `preload` on the tag as data-preload, and nothing when it is not given', () => {
    void load({ appId: APP_ID, apiUrl: 'https://auth.example.com', preload: 'intent' }).catch(() => {});
    const script = document.querySelector<HTMLScriptElement>('script[data-app-id]');
    expect(script?.dataset.preload).toBe('intent');
    loaderArrives();
    script?.remove();
    delete slot.LoginWidget;
    void load({ appId: APP_ID, apiUrl: 'https://auth.example.com' }).catch(() => {});
    expect(
      document.querySelector<HTMLScriptElement>('script[data-app-id]')?.hasAttribute('data-preload'),
    ).toBe(false);
    loaderArrives();
  });

  it('uses a tag already on the page instead of adding one', async () => {
    const own = document.createElement('script');
    own.dataset.appId = APP_ID;
    document.head.appendChild(own);
    const loading = load({ appId: APP_ID, apiUrl: 'https://auth.example.com' });
    expect(document.querySelectorAll('script')).toHaveLength(1);
    const real = loaderArrives();
    await expect(loading).resolves.toBe(real);
  });

  it('resolves at once with an instance that is already there', async () => {
    const real = { ready: Promise.resolve() };
    slot.LoginWidget = real;
    await expect(load({ appId: APP_ID, apiUrl: 'https://auth.example.com' })).resolves.toBe(real);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('rejects when the loader cannot be fetched, and a later call tries again', async () => {
    const loading = load({ appId: APP_ID, apiUrl: 'https://down.example.com' });
    const script = document.querySelector<HTMLScriptElement>('script[data-app-id]');
    script?.onerror?.(new Event('error'));
    await expect(loading).rejects.toThrow('Gatehouse could not load from https://down.example.com');
    expect(slot.LoginWidget).toBeUndefined();
    expect(document.querySelectorAll('script')).toHaveLength(0);
    void load({ appId: APP_ID, apiUrl: 'https://down.example.com' });
    expect(document.querySelectorAll('script[data-app-id]')).toHaveLength(1);
    loaderArrives();
  });
});
