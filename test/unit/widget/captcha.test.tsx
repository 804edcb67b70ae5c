import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TurnstileApi, TurnstileRenderParams } from '../../../src/core/turnstile.js';
import { appConfig, FakeProvider } from '../helpers/fake-provider.js';
import {
  button,
  cleanupWidget,
  dialog,
  dialogName,
  type MountedWidget,
  mountWidget,
  openLogin,
  submitEmail,
} from '../helpers/widget.js';

afterEach(cleanupWidget);

const WAIT = { timeout: 4000 };

/** `window.turnstile` as the page would have it: renders its challenge into the given element. */
function installTurnstile() {
  const widgets: Array<{ container: HTMLElement; params: TurnstileRenderParams; removed: boolean }> = [];
  const api: TurnstileApi = {
    render(container, params) {
      const frame = document.createElement('iframe');
      frame.title = 'Widget containing a Cloudflare security challenge';
      container.appendChild(frame);
      widgets.push({ container, params, removed: false });
      return String(widgets.length - 1);
    },
    reset() {},
    remove(id) {
      const widget = widgets[Number(id)];
      if (widget) widget.removed = true;
    },
  };
  vi.stubGlobal('turnstile', api);
  const current = async () => {
    await vi.waitFor(() => expect(widgets.filter((w) => !w.removed)).toHaveLength(1), WAIT);
    return widgets.filter((w) => !w.removed)[0] as (typeof widgets)[number];
  };
  return { widgets, current };
}

function captchaProvider(): FakeProvider {
  const provider = new FakeProvider();
  provider.app = appConfig({ captcha_enabled: true, captcha_site_key: 't:0x4AAA-site' });
  return provider;
}

async function toCaptcha(widget: MountedWidget): Promise<void> {
  await openLogin(widget);
  await submitEmail(widget, 'alice@example.com');
  await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Confirm you are human'), WAIT);
}

const text = (widget: MountedWidget) => dialog(widget.shadow)?.textContent ?? '';

describe('CAPTCHA_SCREEN (§4.3)', () => {
  it('comes before the code is sent, and a solved challenge sends it with the token', async () => {
    const turnstile = installTurnstile();
    const widget = mountWidget(captchaProvider());
    await toCaptcha(widget);
    expect(widget.provider.callsTo('/api/v1/passwordless/init')).toEqual([]);

    const challenge = await turnstile.current();
    expect(challenge.params.sitekey).toBe('0x4AAA-site');
    challenge.params.callback('turnstile-token');
    await vi.waitFor(() => expect(text(widget)).toContain('Success! Continuing…'), WAIT);
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Enter confirmation code'), WAIT);
    expect(widget.provider.callsTo('/api/v1/passwordless/init').map((r) => r.body)).toEqual([
      { email: 'alice@example.com', token: 'turnstile-token', locale: 'en' },
    ]);
    // The challenge is gone with the screen; Back leads to LANDING, not to a spent captcha.
    expect(challenge.removed).toBe(true);
    button(widget.shadow, 'Back').click();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Log in or sign up'));
  });

  it('renders Turnstile into a light-DOM element shown through a slot of the shadow root', async () => {
    const turnstile = installTurnstile();
    const widget = mountWidget(captchaProvider());
    await toCaptcha(widget);
    const { container } = await turnstile.current();
    const host = document.getElementById('gatehouse-root');
    expect(container.parentElement).toBe(host);
    expect(container.slot).toBe('gatehouse-captcha');
    expect(widget.shadow.querySelector('slot[name="gatehouse-captcha"]')).not.toBeNull();
    expect(container.querySelector('iframe')?.title).toBe(
      'Widget containing a Cloudflare security challenge',
    );

    button(widget.shadow, 'Close').click();
    await vi.waitFor(() => expect(container.isConnected).toBe(false));
  });

  it("shows 'You did not pass CAPTCHA. Please try again.', and from the third failure the adblocker/VPN hint", async () => {
    const turnstile = installTurnstile();
    const widget = mountWidget(captchaProvider());
    await toCaptcha(widget);
    for (const expected of [
      'You did not pass CAPTCHA. Please try again.',
      'You did not pass CAPTCHA. Please try again.',
      'If you use an adblocker or VPN, try disabling and re-attempting.',
    ]) {
      (await turnstile.current()).params['error-callback']('600010');
      await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Something went wrong'));
      expect(text(widget)).toContain(expected);
      button(widget.shadow, 'Try again').click();
      await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Confirm you are human'));
    }
    // The retry still works: the same login goes on with the next token.
    (await turnstile.current()).params.callback('finally');
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Enter confirmation code'), WAIT);
    expect(widget.provider.callsTo('/api/v1/passwordless/init').map((r) => r.body)).toEqual([
      { email: 'alice@example.com', token: 'finally', locale: 'en' },
    ]);
  });

  it("answers the server's invalid_captcha with 'Please try again.' and a fresh challenge", async () => {
    const turnstile = installTurnstile();
    const provider = captchaProvider();
    provider.failures.set('/api/v1/passwordless/init', ['invalid_captcha']);
    const widget = mountWidget(provider);
    await toCaptcha(widget);
    (await turnstile.current()).params.callback('spent-token');
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Something went wrong'), WAIT);
    expect(text(widget)).toContain('Please try again.');
    button(widget.shadow, 'Try again').click();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Confirm you are human'));
    (await turnstile.current()).params.callback('new-token');
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Enter confirmation code'), WAIT);
    expect(provider.callsTo('/api/v1/passwordless/init').map((r) => r.body?.token)).toEqual([
      'spent-token',
      'new-token',
    ]);
  });

  it("asks for a new challenge before 'Resend code'", async () => {
    const turnstile = installTurnstile();
    const widget = mountWidget(captchaProvider());
    await toCaptcha(widget);
    (await turnstile.current()).params.callback('first');
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Enter confirmation code'), WAIT);
    button(widget.shadow, 'Resend code').click();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Confirm you are human'));
    (await turnstile.current()).params.callback('second');
    await vi.waitFor(() => expect(text(widget)).toContain('A new code is on its way.'), WAIT);
    expect(dialogName(widget.shadow)).toBe('Enter confirmation code');
    expect(widget.provider.callsTo('/api/v1/passwordless/init').map((r) => r.body?.token)).toEqual([
      'first',
      'second',
    ]);
  });

  it('is skipped when the host turns captcha off', async () => {
    const widget = mountWidget(captchaProvider());
    await widget.handle.call('init', [{ captchaEnabled: false }]);
    await openLogin(widget);
    await submitEmail(widget, 'alice@example.com');
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Enter confirmation code'));
  });

  it("refuses init() when captcha is on without a 't:' site key", async () => {
    const provider = new FakeProvider();
    provider.app = appConfig({ captcha_site_key: '0x4AAA-site' });
    const widget = mountWidget(provider);
    await expect(widget.handle.call('init', [{ captchaEnabled: true }])).rejects.toThrow(
      'Invalid Gatehouse captcha site key "0x4AAA-site": captcha needs a site key of the form t:<Turnstile site key>',
    );
  });
});
