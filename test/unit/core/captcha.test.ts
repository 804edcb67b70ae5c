import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CaptchaController, type CaptchaRequest, shownCaptcha } from '../../../src/core/captcha.js';
import { captchaConfig } from '../../../src/core/captcha-config.js';
import { errorScreenFor } from '../../../src/core/errors/error-screen.js';
import { GatehouseError } from '../../../src/core/errors/gatehouse-error.js';
import { withCaptcha } from '../../../src/core/login/captcha-gate.js';
import type { TurnstileApi, TurnstileRenderParams } from '../../../src/core/turnstile.js';
import { appConfig, FakeProvider } from '../helpers/fake-provider.js';
import { createClient } from '../helpers/setup.js';

/** Records what the controller asks of Turnstile and lets the test answer as Turnstile would. */
class RecordingTurnstile implements TurnstileApi {
  rendered: Array<{ id: string; container: HTMLElement; params: TurnstileRenderParams }> = [];
  removed: string[] = [];
  render(container: HTMLElement, params: TurnstileRenderParams): string {
    const id = `w${this.rendered.length + 1}`;
    this.rendered.push({ id, container, params });
    return id;
  }
  reset(): void {}
  remove(id: string): void {
    this.removed.push(id);
  }
  get last() {
    const widget = this.rendered.at(-1);
    if (!widget) throw new Error('nothing rendered');
    return widget.params;
  }
}

function setup(requireIntent = false) {
  const turnstile = new RecordingTurnstile();
  const controller = new CaptchaController(
    { siteKey: 'site-key', scriptUrl: 'https://turnstile.test/api.js' },
    async () => turnstile,
  );
  const tokens: string[] = [];
  const failures: GatehouseError[] = [];
  const request: CaptchaRequest = {
    onToken: (token) => tokens.push(token),
    onFailure: (error) => failures.push(error),
  };
  controller.begin(request, requireIntent);
  const container = document.createElement('div');
  return { turnstile, controller, tokens, failures, container };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('CaptchaController (§4.3, §9)', () => {
  it('goes ready once Turnstile is loaded and starts the challenge 500 ms later', async () => {
    const { turnstile, controller, container } = setup();
    expect(controller.state.status).toBe('disabled');
    await controller.attach(container);
    expect(controller.state.status).toBe('ready');
    await vi.advanceTimersByTimeAsync(499);
    expect(turnstile.rendered).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(turnstile.rendered).toHaveLength(1);
    expect(turnstile.rendered[0]?.container).toBe(container);
    expect(turnstile.last.sitekey).toBe('site-key');
    expect(controller.state.status).toBe('loading');
  });

  it('hands the token on 1 s after success, once', async () => {
    const { turnstile, controller, tokens, container } = setup();
    await controller.attach(container);
    await vi.advanceTimersByTimeAsync(500);
    turnstile.last.callback('token-1');
    expect(controller.state.status).toBe('success');
    await vi.advanceTimersByTimeAsync(999);
    expect(tokens).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(tokens).toEqual(['token-1']);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tokens).toEqual(['token-1']);
  });

  it("waits for 'Continue' when user intent is required", async () => {
    const { turnstile, controller, tokens, container } = setup(true);
    await controller.attach(container);
    await vi.advanceTimersByTimeAsync(500);
    turnstile.last.callback('token-2');
    await vi.advanceTimersByTimeAsync(5000);
    expect(tokens).toEqual([]);
    expect(controller.state).toMatchObject({ status: 'success', requireIntent: true });
    controller.proceed();
    expect(tokens).toEqual(['token-2']);
  });

  it('reports each failed challenge; from the third on with the adblocker/VPN hint', async () => {
    const { turnstile, controller, failures, container } = setup();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await controller.attach(container);
      await vi.advanceTimersByTimeAsync(500);
      turnstile.last['error-callback']('600010');
      expect(controller.state).toMatchObject({ status: 'error', failures: attempt });
    }
    expect(failures.map((f) => [f.code, f.message])).toEqual([
      ['captcha_failure', 'You did not pass CAPTCHA. Please try again.'],
      ['captcha_failure', 'You did not pass CAPTCHA. Please try again.'],
      ['captcha_failure', 'If you use an adblocker or VPN, try disabling and re-attempting.'],
    ]);
    expect(turnstile.removed).toEqual(['w1', 'w2', 'w3']);
  });

  it('counts failures again from zero after a success', async () => {
    const { turnstile, controller, failures, container } = setup();
    await controller.attach(container);
    await vi.advanceTimersByTimeAsync(500);
    turnstile.last['error-callback']();
    await controller.attach(container);
    await vi.advanceTimersByTimeAsync(500);
    turnstile.last.callback('ok');
    expect(controller.state.failures).toBe(0);
    expect(failures).toHaveLength(1);
  });

  it("fails with captcha_timeout ('Captcha failed') when no result comes within 20 s", async () => {
    const { controller, failures, container } = setup();
    await controller.attach(container);
    await vi.advanceTimersByTimeAsync(500);
    await vi.advanceTimersByTimeAsync(19_800);
    expect(failures).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(failures.map((f) => [f.code, f.message])).toEqual([['captcha_timeout', 'Captcha failed']]);
    // ERROR_SCREEN's detail for it (§8 captcha_timeout).
    expect(errorScreenFor(failures[0]!).detail).toBe('Something went wrong! Please try again later.');
    expect(controller.state.status).toBe('error');
  });

  it('resets when the token expires: the old widget goes, a new challenge starts', async () => {
    const { turnstile, controller, tokens, container } = setup(true);
    await controller.attach(container);
    await vi.advanceTimersByTimeAsync(500);
    turnstile.last.callback('stale');
    turnstile.last['expired-callback']();
    expect(turnstile.removed).toEqual(['w1']);
    await vi.advanceTimersByTimeAsync(500);
    expect(turnstile.rendered).toHaveLength(2);
    controller.proceed();
    expect(tokens).toEqual([]);
    turnstile.last.callback('fresh');
    controller.proceed();
    expect(tokens).toEqual(['fresh']);
  });

  it('ignores the callbacks of a challenge that was detached', async () => {
    const { turnstile, controller, tokens, failures, container } = setup();
    await controller.attach(container);
    await vi.advanceTimersByTimeAsync(500);
    const old = turnstile.last;
    controller.detach();
    old.callback('late');
    old['error-callback']();
    await vi.advanceTimersByTimeAsync(25_000);
    expect(tokens).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('reports a script that cannot load as a failed challenge', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failures: GatehouseError[] = [];
    const controller = new CaptchaController({ siteKey: 'k', scriptUrl: 'https://x.test/api.js' }, () =>
      Promise.reject(new Error('Gatehouse could not load the captcha script from https://x.test/api.js.')),
    );
    controller.begin({ onToken: () => {}, onFailure: (error) => failures.push(error) });
    await controller.attach(document.createElement('div'));
    expect(failures.map((f) => f.code)).toEqual(['captcha_failure']);
    expect(warn).toHaveBeenCalledWith(
      'Gatehouse could not load the captcha script from https://x.test/api.js.',
    );
  });
});

describe('captchaConfig (§5)', () => {
  it('is off unless the app or the host enables it', () => {
    expect(captchaConfig(appConfig(), {})).toBeNull();
    expect(
      captchaConfig(appConfig({ captcha_enabled: true, captcha_site_key: 't:abc' }), {
        captchaEnabled: false,
      }),
    ).toBeNull();
  });

  it("takes the site key without its 't:' prefix and Turnstile's script by default", () => {
    expect(captchaConfig(appConfig({ captcha_enabled: true, captcha_site_key: 't:0x4AAA-key' }), {})).toEqual(
      {
        siteKey: '0x4AAA-key',
        // Turnstile's own, which the lazy captcha code names.
        scriptUrl: null,
      },
    );
    expect(
      captchaConfig(appConfig({ captcha_site_key: 't:abc', captcha_script_url: 'https://cdn.test/ts.js' }), {
        captchaEnabled: true,
      }),
    ).toEqual({ siteKey: 'abc', scriptUrl: 'https://cdn.test/ts.js' });
  });

  it.each([['abc'], ['h:abc'], ['t:'], [null]])('throws for the site key %j', (key) => {
    expect(() => captchaConfig(appConfig({ captcha_enabled: true, captcha_site_key: key }), {})).toThrow(
      `Invalid Gatehouse captcha site key ${JSON.stringify(key)}: captcha needs a site key of the form t:<Turnstile site key>`,
    );
  });

  it('throws for a captchaEnabled that is not a boolean', () => {
    expect(() => captchaConfig(appConfig(), { captchaEnabled: 'yes' as unknown as boolean })).toThrow(
      'Invalid Gatehouse configuration: captchaEnabled = "yes".',
    );
  });
});

describe('Gatehouse.withCaptcha (§4.3)', () => {
  function captchaClient() {
    const provider = new FakeProvider();
    provider.app = appConfig({ captcha_enabled: true, captcha_site_key: 't:0x4AAA-site' });
    const turnstile = new RecordingTurnstile();
    vi.stubGlobal('turnstile', turnstile);
    return { ...createClient({}, provider), turnstile };
  }
  afterEach(() => vi.unstubAllGlobals());

  it('runs start at once, without a token, when captcha is off', async () => {
    const { gatehouse } = createClient();
    await gatehouse.ready;
    const tokens: Array<string | undefined> = [];
    await gatehouse.ctx.modal.run((task) =>
      withCaptcha(gatehouse.ctx, task, async (token) => tokens.push(token)),
    );
    expect(tokens).toEqual([undefined]);
    expect(shownCaptcha(gatehouse.ctx)).toBeUndefined();
  });

  it('opens CAPTCHA_SCREEN first, then runs start with the token', async () => {
    const { gatehouse, turnstile } = captchaClient();
    await gatehouse.ready;
    const tokens: Array<string | undefined> = [];
    void gatehouse.ctx.modal.run((task) =>
      withCaptcha(gatehouse.ctx, task, async (token) => tokens.push(token)),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(gatehouse.ctx.modal.$modal.get()).toMatchObject({ open: true, screen: 'CAPTCHA_SCREEN' });
    expect(tokens).toEqual([]);
    await shownCaptcha(gatehouse.ctx)?.attach(document.createElement('div'));
    await vi.advanceTimersByTimeAsync(500);
    turnstile.last.callback('tok');
    await vi.advanceTimersByTimeAsync(1000);
    expect(tokens).toEqual(['tok']);
    expect(gatehouse.ctx.modal.$flow.get().busy).toBe(false);
  });

  it('skips the captcha for a logged-in user (linking)', async () => {
    const { gatehouse, provider } = captchaClient();
    await gatehouse.ready;
    gatehouse.ctx.session.signIn({
      user: provider.createUser('a@b.co'),
      ...provider.issue(provider.createUser('a@b.co')),
      is_new_user: false,
    });
    const tokens: Array<string | undefined> = [];
    await gatehouse.ctx.modal.run((task) =>
      withCaptcha(gatehouse.ctx, task, async (token) => tokens.push(token)),
    );
    expect(tokens).toEqual([undefined]);
  });

  it('resets the captcha when the server answers invalid_captcha, and shows ERROR_SCREEN', async () => {
    const { gatehouse, turnstile } = captchaClient();
    await gatehouse.ready;
    void gatehouse.ctx.modal.run((task) =>
      withCaptcha(gatehouse.ctx, task, async () => {
        throw new GatehouseError({
          type: 'api_error',
          code: 'invalid_captcha',
          status: 400,
          message: 'Please try again.',
        });
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    const container = document.createElement('div');
    await shownCaptcha(gatehouse.ctx)?.attach(container);
    await vi.advanceTimersByTimeAsync(500);
    turnstile.last.callback('spent');
    await vi.advanceTimersByTimeAsync(1000);
    expect(gatehouse.ctx.modal.$modal.get().screen).toBe('ERROR_SCREEN');
    expect(gatehouse.ctx.modal.$flow.get().error?.code).toBe('invalid_captcha');
    // A new challenge started in the still attached container.
    await vi.advanceTimersByTimeAsync(500);
    expect(turnstile.rendered).toHaveLength(2);
  });
});
