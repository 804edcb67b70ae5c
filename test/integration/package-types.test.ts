/**
 * The npm package as a host developer meets it: a TypeScript host, a React host, a Next.js app, a
 * Vue app, a Svelte app and a wagmi dapp type-check against the built package's published types
 * (its `exports`, not our sources), and importing the package under Node touches no browser global.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

// The package as an app imports it (its `exports`, the built dist/), typed by our sources: `npm run lint`
// type-checks this file before `npm run build` has made the package's own declarations.
const PACKAGE = '@gatehousejs/widget';
const importPackage = () =>
  import(/* @vite-ignore */ PACKAGE) as Promise<typeof import('../../src/package/index.js')>;
const importReact = () =>
  import(/* @vite-ignore */ `${PACKAGE}/react`) as Promise<typeof import('../../src/package/react.js')>;
const importVue = () =>
  import(/* @vite-ignore */ `${PACKAGE}/vue`) as Promise<typeof import('../../src/package/vue.js')>;
const importSvelte = () =>
  import(/* @vite-ignore */ `${PACKAGE}/svelte`) as Promise<typeof import('../../src/package/svelte.js')>;

/** `tsc -p test/fixtures/<fixture>/tsconfig.json`: 'ok', or what tsc printed. */
const typeCheck = (fixture: string): Promise<string> =>
  run('node_modules/.bin/tsc', ['-p', `test/fixtures/${fixture}/tsconfig.json`]).then(
    () => 'ok',
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );

describe('@gatehousejs/widget', () => {
  it('types a plain TypeScript host and a React host (tsc on test/fixtures, strict)', async () => {
    // host.ts also holds three @ts-expect-error lines: a wrong event detail, load() without apiUrl,
    // an unknown method. tsc fails if any of them is not an error.
    expect(await typeCheck('package-host')).toBe('ok');
  }, 60_000);

  it('types the Next.js fixture against the package, /server included (tsc on test/fixtures/next-app)', async () => {
    // `next build` there compiles without type-checking (e2e/next-app.test.ts); the types are checked here.
    expect(await typeCheck('next-app')).toBe('ok');
  }, 60_000);

  it('types the Vue fixture against /vue (tsc on its TypeScript; App.vue would need vue-tsc)', async () => {
    // account.ts holds the component's logic and one @ts-expect-error: the user's ref is read-only.
    expect(await typeCheck('vue-app')).toBe('ok');
  }, 60_000);

  it('types the Svelte fixture against /svelte: its stores are Svelte `Readable`s (tsc on main.ts)', async () => {
    expect(await typeCheck('svelte-app')).toBe('ok');
  }, 60_000);

  it('types the wagmi fixture: gatehouse() is a connector createConfig takes (tsc on main.ts)', async () => {
    expect(await typeCheck('wagmi-app')).toBe('ok');
  }, 60_000);

  it('imports under Node with no window, and load() says it needs a browser', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const gatehouse = await importPackage();
    await expect(
      gatehouse.load({ appId: 'clz0000000000000000000000', apiUrl: 'https://a.example' }),
    ).rejects.toThrow(gatehouse.LOAD_NEEDS_BROWSER_MESSAGE);
    expect(gatehouse.EVENTS.loginSuccess).toBe('login:success');
  });

  it('renders on the server: the hooks read "logged out" until the widget loads in the browser', async () => {
    const { GatehouseProvider, useAuthenticated, useUser } = await importReact();
    const Status = () => {
      const user = useUser();
      return createElement('p', null, useAuthenticated() ? `Signed in as ${user?.id}` : 'Signed out');
    };
    const html = renderToString(
      createElement(
        GatehouseProvider,
        { appId: 'clz0000000000000000000000', apiUrl: 'https://a.example' },
        createElement(Status, null),
      ),
    );
    expect(html).toBe('<p>Signed out</p>');
  });

  it('on the server, /vue and /svelte read "logged out" and loadGatehouse() settles with null', async () => {
    const { useAuthenticated, useLoginWidget, useUser } = await importVue();
    expect([useLoginWidget().value, useUser().value, useAuthenticated().value]).toEqual([null, null, false]);
    const { authenticated, loadGatehouse, user } = await importSvelte();
    expect([user.get(), authenticated.get()]).toEqual([null, false]);
    const errors: string[] = [];
    const options = { appId: 'clz0000000000000000000000', apiUrl: 'https://a.example' };
    expect(await loadGatehouse({ ...options, onError: (error) => errors.push(error.message) })).toBe(null);
    const { LOAD_NEEDS_BROWSER_MESSAGE } = await importPackage();
    expect(errors).toEqual([LOAD_NEEDS_BROWSER_MESSAGE]);
  });
});
