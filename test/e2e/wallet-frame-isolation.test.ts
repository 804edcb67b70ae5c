import { describe, expect, it } from 'vitest';
import { logInByEmail } from './steps.js';
import { framePosts, framingPage, type HostWindow } from './wallet-frames.js';
import {
  browser,
  contexts,
  frameUrl,
  openWalletPage,
  otherSite,
  strangerSite,
  useWalletWorld,
  world,
} from './wallet-world.js';

useWalletWorld();

describe('the wallet frame talks only to its host', () => {
  it('answers only its parent on the host origin, and posts only to that origin', async () => {
    // A logged-in user without a wallet: a wallet:create that the frame acted on would leave one.
    const { page, context } = await openWalletPage('/plain.html', { createOnLogin: 'off' });
    await logInByEmail(world, page, 'carol.wallet@example.com');
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(true);
    const accessToken = await page.evaluate(() => window.LoginWidget.getAccessToken() as Promise<string>);
    const create = (id: string) => ({
      source: 'gatehouse',
      id,
      type: 'wallet:create',
      data: { accessToken },
    });

    // 1. Framed by another of the app's origins while told the host is the site: the frame posts its
    //    ready message to the site's origin only (so this parent never gets it), and ignores this parent.
    const wrongParent = await context.newPage();
    await wrongParent.goto(framingPage(otherSite, '/other.html', frameUrl(world.site.origin)));
    await expect
      .poll(() => framePosts(wrongParent, world.appId).catch(() => []), { timeout: 10_000 })
      .toEqual([
        {
          targetOrigin: world.site.origin,
          message: '{"source":"gatehouse","type":"gatehouse:iframe:ready"}',
        },
      ]);
    await wrongParent.evaluate(
      ([message, origin]) =>
        (document.getElementById('wallet') as HTMLIFrameElement).contentWindow?.postMessage(message, origin),
      [create('from-wrong-origin'), world.provider.url] as const,
    );

    // 2. On the site's own origin, the frame's sibling (same origin, not its parent) asks too.
    const hostUrl = framingPage(world.site, '/framing.html', frameUrl(world.site.origin));
    await page.goto(hostUrl);
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as HostWindow).hostMessages.filter((m) => m.data.includes('gatehouse:iframe:ready')),
        ),
      )
      .toEqual([
        { origin: world.provider.url, data: '{"source":"gatehouse","type":"gatehouse:iframe:ready"}' },
      ]);
    const sibling = page.frames().find((f) => f.url() === 'about:srcdoc');
    expect(sibling).toBeTruthy();
    await sibling?.evaluate(([message, origin]) => window.parent.frames[0]?.postMessage(message, origin), [
      create('from-sibling'),
      world.provider.url,
    ] as const);
    await page.waitForTimeout(1500);
    expect(await wrongParent.evaluate(() => (window as HostWindow).hostMessages)).toEqual([]);
    expect(
      await sibling?.evaluate(() => (window as unknown as { hostMessages?: unknown }).hostMessages),
    ).toBeUndefined();
    const afterIgnored = await page.evaluate(() => (window as HostWindow).hostMessages.map((m) => m.data));
    expect(afterIgnored.filter((d) => d.includes('from-'))).toEqual([]);

    // 3. The same request from the parent on the host origin is answered: a wallet is created — so
    //    neither ignored request had made one (a second would be refused).
    await page.evaluate(
      ([message, origin]) =>
        (document.getElementById('wallet') as HTMLIFrameElement).contentWindow?.postMessage(message, origin),
      [create('from-parent'), world.provider.url] as const,
    );
    await expect
      .poll(
        async () =>
          (await page.evaluate(() => (window as HostWindow).hostMessages))
            .filter((m) => m.data.includes('"from-parent"'))
            .map((m) => ({ origin: m.origin, reply: JSON.parse(m.data) })),
        { timeout: 15_000 },
      )
      .toEqual([
        {
          origin: world.provider.url,
          reply: {
            source: 'gatehouse',
            id: 'from-parent',
            type: 'wallet:create',
            data: expect.objectContaining({ address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) }),
          },
        },
      ]);
    expect(await wrongParent.evaluate(() => (window as HostWindow).hostMessages)).toEqual([]);
    // Everything the frames posted went to the site's origin.
    for (const framed of [page, wrongParent]) {
      for (const post of await framePosts(framed, world.appId))
        expect(post.targetOrigin).toBe(world.site.origin);
    }
    expect((await framePosts(wrongParent, world.appId)).length).toBe(1);
  });

  it('refuses to be framed by an origin outside the app’s list (CSP frame-ancestors)', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    const consoleLines: string[] = [];
    page.on('console', (m) => consoleLines.push(m.text()));
    await page.goto(framingPage(strangerSite, '/stranger.html', frameUrl(world.site.origin)));
    await expect
      .poll(() => consoleLines.some((l) => l.includes('frame-ancestors')), { timeout: 10_000 })
      .toBe(true);
    await page.waitForTimeout(500);
    // The frame's document never loaded: no wallet page in the frame tree, nothing posted.
    expect(page.frames().some((f) => f.url().startsWith(world.provider.url))).toBe(false);
    expect(await page.evaluate(() => (window as HostWindow).hostMessages)).toEqual([]);
  });
});
