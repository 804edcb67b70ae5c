import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installLoginWidget } from '../../loader/install.js';
import type { LoginWidgetApi, MountOptions, WidgetModule } from '../../src/protocol/index.js';
import { mount } from '../../src/widget/index.js';
import { APP_ID, FakeProvider } from './helpers/fake-provider.js';

function loaderTag(attributes: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script');
  // Not connected: happy-dom would try to fetch it.
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  return script;
}

const tag = (extra: Record<string, string> = {}) =>
  loaderTag({ src: 'https://provider.test/loader.js', 'data-app-id': APP_ID, ...extra });

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: Error) => ({ ok: false as const, message: error.message }),
  );

let provider: FakeProvider;
beforeEach(() => {
  provider = new FakeProvider();
  vi.stubGlobal('fetch', provider.fetch);
});
afterEach(() => {
  document.getElementById('gatehouse-root')?.remove();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('loader', () => {
  it('imports the version-pinned widget from its own origin and mounts it with the tag data', async () => {
    const host: { LoginWidget?: LoginWidgetApi } = {};
    const mounted: MountOptions[] = [];
    const importWidget = vi.fn(async () => ({
      mount: (options: MountOptions) => {
        mounted.push(options);
        return { ready: Promise.resolve(), call: async () => 'done' };
      },
    }));
    installLoginWidget(host, tag({ 'data-nonce': 'n0nce' }), importWidget);
    await host.LoginWidget!.ready;
    expect(importWidget).toHaveBeenCalledWith('https://provider.test/widget/0.1.0/widget.js');
    expect(mounted[0]).toMatchObject({ appId: APP_ID, apiUrl: 'https://provider.test', nonce: 'n0nce' });
    expect(mounted[0]!.stores.$user).toBe(host.LoginWidget!.$user);
  });

  it('sends the app-configuration GET with no custom header at once and hands its answer to the widget', async () => {
    const host: { LoginWidget?: LoginWidgetApi } = {};
    const mounted: MountOptions[] = [];
    // The loader's fetch has no init at all; the fake provider reads one.
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => provider.fetch(input, init ?? {}));
    let load!: (module: WidgetModule) => void;
    installLoginWidget(
      host,
      tag({ 'data-api-url': 'https://provider.test/' }),
      () => new Promise((resolve) => (load = resolve)),
    );
    // Before the widget's files have arrived: a CORS simple request (no gatehouse-* header).
    expect(provider.requests).toEqual([
      expect.objectContaining({ method: 'GET', path: `/api/v1/apps/${APP_ID}`, headers: {} }),
    ]);
    load({
      mount: (options) => {
        mounted.push(options);
        return { ready: Promise.resolve(), call: async () => null };
      },
    });
    await host.LoginWidget!.ready;
    const answer = await mounted[0]!.appConfig;
    expect(await answer?.json()).toMatchObject({ id: APP_ID });
  });

  it('uses data-api-url when given', async () => {
    const host: { LoginWidget?: LoginWidgetApi } = {};
    const mountSpy = vi.fn((_options: MountOptions) => ({
      ready: Promise.resolve(),
      call: async () => null,
    }));
    installLoginWidget(host, tag({ 'data-api-url': 'https://api.acme.test' }), async () => ({
      mount: mountSpy,
    }));
    await host.LoginWidget!.ready;
    expect(mountSpy.mock.calls[0]![0].apiUrl).toBe('https://api.acme.test');
  });

  it('hands data-preload to the widget as written (core/preload.ts reads it)', async () => {
    const host: { LoginWidget?: LoginWidgetApi } = {};
    const mountSpy = vi.fn((_options: MountOptions) => ({
      ready: Promise.resolve(),
      call: async () => null,
    }));
    installLoginWidget(host, tag({ 'data-preload': 'intent' }), async () => ({ mount: mountSpy }));
    await host.LoginWidget!.ready;
    expect(mountSpy.mock.calls[0]![0].preload).toBe('intent');
  });

  describe("a login() before the widget's entry has arrived", () => {
    const MODAL = ['modal-abc.js', 'runtime-def.js'];
    const preloads = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => ({
        href: link.href,
        nonce: link.nonce,
      }));
    afterEach(() => {
      for (const link of document.head.querySelectorAll('link')) link.remove();
    });
    /** Installs on a tag with `extra`, calls `before` while the entry loads, then `after` once mounted. */
    async function calls(extra: Record<string, string>, before: string[], after: string[] = []) {
      const host: { LoginWidget?: LoginWidgetApi } = {};
      let load!: (module: WidgetModule) => void;
      const script = tag(extra);
      script.nonce = 'n0nce';
      installLoginWidget(host, script, () => new Promise((resolve) => (load = resolve)), MODAL);
      const widget = host.LoginWidget! as unknown as Record<string, () => Promise<unknown>>;
      const pending = before.map((method) => widget[method]!());
      load({ mount: () => ({ ready: Promise.resolve(), call: async () => null }) });
      await Promise.all(pending);
      await host.LoginWidget!.ready;
      await Promise.all(after.map((method) => widget[method]!()));
      return preloads();
    }

    it("preloads the first modal's files beside the entry, once, with the tag's nonce", async () => {
      expect(await calls({}, ['getAccessToken', 'login', 'login'])).toEqual([
        { href: 'https://provider.test/widget/0.1.0/modal-abc.js', nonce: 'n0nce' },
        { href: 'https://provider.test/widget/0.1.0/runtime-def.js', nonce: 'n0nce' },
      ]);
    });

    it("preloads nothing with data-preload='none', for other calls, or once the entry is mounted", async () => {
      expect(await calls({ 'data-preload': 'none' }, ['login'])).toEqual([]);
      expect(await calls({}, ['getAccessToken', 'init'])).toEqual([]);
      expect(await calls({}, [], ['login'])).toEqual([]);
    });
  });

  it('replays calls made before the widget loaded, in order, each settling its own promise', async () => {
    const host: { LoginWidget?: LoginWidgetApi } = {};
    const order: string[] = [];
    let release!: (module: WidgetModule) => void;
    const loaded = new Promise<WidgetModule>((resolve) => {
      release = resolve;
    });
    installLoginWidget(host, tag(), () => loaded);
    const widget = host.LoginWidget!;
    expect(widget.authenticated).toBe(false);
    expect(widget.user).toBeNull();

    const outcomes = [
      settle(widget.init({ appearance: { accentColor: '#0a7' } })),
      settle(widget.login()),
      settle(widget.getAccessToken()),
      settle(widget.init({ appearance: { theme: 'purple' as 'dark' } })),
    ];
    expect(document.getElementById('gatehouse-root')).toBeNull();

    release({
      mount(options) {
        const handle = mount(options);
        return {
          ready: handle.ready,
          call: (method, args) => {
            order.push(method);
            return handle.call(method, args);
          },
        };
      },
    });
    const [init, login, token, badInit] = await Promise.all(outcomes);
    expect(order).toEqual(['init', 'login', 'getAccessToken', 'init']);
    expect(init).toEqual({ ok: true, value: undefined });
    expect(login).toEqual({ ok: true, value: undefined });
    expect(token).toEqual({ ok: true, value: null });
    expect(badInit).toEqual({
      ok: false,
      message: 'Invalid Gatehouse configuration: appearance.theme = "purple".',
    });
    expect(widget.$ready.get()).toBe(true);
    // login() opened the modal in the widget's shadow root.
    await vi.waitFor(() => {
      const root = document.getElementById('gatehouse-root');
      expect(root?.shadowRoot?.querySelector('[role="dialog"]')?.textContent).toContain('Log in or sign up');
    });
  });

  it('with an invalid app id: logs the spec error, loads nothing, shows nothing, and rejects every call', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const host: { LoginWidget?: LoginWidgetApi } = {};
    const importWidget = vi.fn();
    installLoginWidget(
      host,
      loaderTag({ src: 'https://provider.test/loader.js', 'data-app-id': 'too-short' }),
      importWidget,
    );
    expect(error).toHaveBeenCalledWith('Cannot initialize the Gatehouse provider with an invalid app ID');
    expect(importWidget).not.toHaveBeenCalled();
    const widget = host.LoginWidget!;
    for (const call of [
      widget.login(),
      widget.logout(),
      widget.getAccessToken(),
      widget.init({}),
      widget.ready,
    ]) {
      await expect(call).rejects.toThrow('Cannot initialize the Gatehouse provider with an invalid app ID');
    }
    expect(document.getElementById('gatehouse-root')).toBeNull();
  });

  it('when the widget cannot be loaded, ready and every call reject with a clear error and nothing throws', async () => {
    const host: { LoginWidget?: LoginWidgetApi } = {};
    installLoginWidget(host, tag(), () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const widget = host.LoginWidget!;
    const early = widget.login();
    const unreachable = { code: 'provider_unreachable', message: 'The login service could not be reached' };
    await expect(widget.ready).rejects.toMatchObject(unreachable);
    await expect(early).rejects.toMatchObject(unreachable);
    await expect(widget.getAccessToken()).rejects.toMatchObject(unreachable);
    expect(widget.authenticated).toBe(false);
    expect(document.getElementById('gatehouse-root')).toBeNull();
  });

  it('after a failed load, the next call fetches the widget again: the provider may be back', async () => {
    const host: { LoginWidget?: LoginWidgetApi } = {};
    let down = true;
    const importWidget = vi.fn(async () => {
      if (down) throw new TypeError('Failed to fetch dynamically imported module');
      return {
        mount: () => ({ ready: Promise.resolve(), call: async (method: string) => `${method} done` }),
      };
    });
    installLoginWidget(host, tag(), importWidget);
    const widget = host.LoginWidget!;
    await expect(widget.login()).rejects.toMatchObject({ code: 'provider_unreachable' });
    await expect(widget.login()).rejects.toMatchObject({ code: 'provider_unreachable' });
    down = false;
    await expect(widget.login()).resolves.toBe('login done');
    await expect(widget.logout()).resolves.toBe('logout done');
    expect(importWidget).toHaveBeenCalledTimes(3);
  });

  it('when the provider API is unreachable, the widget leaves the page and calls reject', async () => {
    const host: { LoginWidget?: LoginWidgetApi } = {};
    installLoginWidget(host, tag({ 'data-api-url': 'https://down.test' }), async () => ({ mount }));
    const widget = host.LoginWidget!;
    await expect(widget.ready).rejects.toThrow('The login service could not be reached');
    await expect(widget.login()).rejects.toThrow('The login service could not be reached');
    expect(document.getElementById('gatehouse-root')).toBeNull();
  });

  it('never replaces an existing window.LoginWidget', () => {
    const existing = { mine: true } as unknown as LoginWidgetApi;
    const host = { LoginWidget: existing };
    const importWidget = vi.fn();
    installLoginWidget(host, tag(), importWidget);
    expect(host.LoginWidget).toBe(existing);
    expect(importWidget).not.toHaveBeenCalled();
  });

  describe("the README's inline stub", () => {
    /** The stub exactly as README.md prints it, run against `host` instead of window. */
    const stubOn = (host: Record<string, unknown>) => {
      ((w: Record<string, unknown>) => {
        w.ready = new Promise((y, n) => {
          w.settle = [y, n];
        });
        host.LoginWidget = w;
      })({});
      return host.LoginWidget as { ready: Promise<unknown> };
    };
    const widgetModule = (ready: Promise<void>) => async () => ({
      mount: () => ({ ready, call: async () => 'called' }),
    });

    it('is replaced by the real instance, and its ready resolves once the real one has', async () => {
      const host: { LoginWidget?: unknown; dispatchEvent(event: Event): boolean } = {
        dispatchEvent: (event) => window.dispatchEvent(event),
      };
      const stub = stubOn(host);
      const fired = new Promise<unknown>((resolve) =>
        window.addEventListener('gatehouse:ready', (e) => resolve((e as CustomEvent).detail), { once: true }),
      );
      installLoginWidget(host as never, tag(), widgetModule(Promise.resolve()));
      await stub.ready;
      const real = host.LoginWidget as LoginWidgetApi;
      expect(real).not.toBe(stub);
      expect(await real.login()).toBe('called');
      expect(await fired).toBe(real);
    });

    it('rejects with the load failure when the widget cannot load', async () => {
      const host: Record<string, unknown> = {};
      const stub = stubOn(host);
      installLoginWidget(host as never, tag(), () => Promise.reject(new Error('offline')));
      await expect(stub.ready).rejects.toThrow('The login service could not be reached');
    });

    it('a real instance already in place is never replaced (a second tag)', async () => {
      const host: { LoginWidget?: LoginWidgetApi } = {};
      installLoginWidget(host, tag(), widgetModule(Promise.resolve()));
      const first = host.LoginWidget;
      installLoginWidget(host, tag(), widgetModule(Promise.resolve()));
      expect(host.LoginWidget).toBe(first);
    });
  });
});
