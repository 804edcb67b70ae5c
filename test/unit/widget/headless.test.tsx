/**
 * Headless login (docs/guide/headless.md): LoginWidget.sendCode, loginWithCode and initOAuth from
 * the host's own form, against the fake provider. The modal stays closed unless a step needs it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Context } from '../../../src/core/context.js';
import * as en from '../../../src/core/locales/en.js';
import * as ja from '../../../src/core/locales/ja/index.js';
import { ModalController } from '../../../src/core/modal/modal.js';
import type { User } from '../../../src/protocol/client.js';
import { appConfig, FakeProvider } from '../helpers/fake-provider.js';
import { IDP_URL, OAuthFakeProvider } from '../helpers/oauth-provider.js';
import { SmsProvider } from '../helpers/sms-provider.js';
import { TermsProvider } from '../helpers/terms-provider.js';
import {
  button,
  cleanupWidget,
  dialog,
  dialogName,
  type MountedWidget,
  mountWidget,
} from '../helpers/widget.js';

afterEach(async () => {
  // A login's analytics event goes out a moment later: to the fake provider, not to the network.
  await new Promise((resolve) => setTimeout(resolve, 100));
  cleanupWidget();
});

const INIT = '/api/v1/passwordless/init';
const AUTHENTICATE = '/api/v1/passwordless/authenticate';

/** The login events the page hears, in order. */
function heard() {
  const events: Array<{ type: string; detail: unknown }> = [];
  for (const type of ['login:success', 'login:error', 'modal:close']) {
    window.addEventListener(type, (event) => events.push({ type, detail: (event as CustomEvent).detail }));
  }
  return events;
}

const call = (widget: MountedWidget, method: string, ...args: unknown[]) => widget.handle.call(method, args);

/** A mounted widget, ready, that sent a code to `destination`; the events heard from the start. */
async function sent(provider = new FakeProvider(), destination: object = { email: 'alice@example.com' }) {
  const widget = mountWidget(provider);
  const events = heard();
  await widget.handle.ready;
  await call(widget, 'sendCode', destination);
  return { widget, events };
}

/** An app that requires its terms: the code sent, loginWithCode under way, AFFIRMATIVE_CONSENT_SCREEN shown. */
async function toTerms() {
  const provider = new TermsProvider();
  provider.app = { ...provider.app, require_users_accept_terms: true };
  const { widget, events } = await sent(provider);
  const login = call(widget, 'loginWithCode', { code: provider.codes.get('alice@example.com') });
  await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('One last step'), { timeout: 3000 });
  return { widget, events, login };
}

/** The error a call rejected with, as the host sees it. */
async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => {
      throw new Error('the call resolved');
    },
    (reason: { code: string; message: string }) => reason,
  );
  return { code: error.code, message: error.message };
}

describe('LoginWidget.sendCode and loginWithCode', () => {
  it('log in by email without the modal: the user, login:success and the stores', async () => {
    const widget = mountWidget();
    const events = heard();
    await widget.handle.ready;
    await expect(call(widget, 'sendCode', { email: ' alice@example.com ' })).resolves.toBeUndefined();
    expect(widget.provider.callsTo(INIT).map((r) => r.body)).toEqual([
      { email: 'alice@example.com', locale: 'en' },
    ]);
    const code = widget.provider.codes.get('alice@example.com');
    const user = (await call(widget, 'loginWithCode', { code })) as User;
    expect(user.email?.address).toBe('alice@example.com');
    expect(widget.stores.$authenticated.get()).toBe(true);
    expect(widget.stores.$user.get()?.id).toBe(user.id);
    expect(events.map((e) => e.type)).toEqual(['login:success']);
    expect(events[0]?.detail).toMatchObject({ isNewUser: true, loginMethod: 'email', user: { id: user.id } });
    expect(dialog(widget.shadow)).toBeNull();
  });

  it('sends the language the widget shows with the code and the login: the mail is in it', async () => {
    const widget = mountWidget();
    await widget.handle.ready;
    // What a Japanese locale's chunk does once it has arrived (core/locales/apply.ts).
    const ctx = { modal: new ModalController() } as unknown as Context;
    ja.show(ctx);
    try {
      await call(widget, 'sendCode', { email: 'hana@example.com' });
      const code = widget.provider.codes.get('hana@example.com');
      await call(widget, 'loginWithCode', { code });
    } finally {
      en.show(ctx);
    }
    expect(widget.provider.callsTo(INIT).map((r) => r.body)).toEqual([
      { email: 'hana@example.com', locale: 'ja' },
    ]);
    expect(widget.provider.callsTo(AUTHENTICATE).map((r) => r.body)).toMatchObject([{ locale: 'ja' }]);
  });

  it("refuses an invalid address with the modal's text, and sends nothing", async () => {
    const widget = mountWidget();
    await widget.handle.ready;
    expect(await failure(call(widget, 'sendCode', { email: 'nope' }))).toEqual({
      code: 'invalid_data',
      message: 'Please enter a valid email address.',
    });
    expect(await failure(call(widget, 'sendCode', {}))).toEqual({
      code: 'invalid_data',
      message: 'Email is required to send a code.',
    });
    expect(await failure(call(widget, 'sendCode', { phone: '555' }))).toEqual({
      code: 'invalid_data',
      message: 'Please enter a valid phone number.',
    });
    expect(widget.provider.callsTo(INIT)).toEqual([]);
    expect(dialog(widget.shadow)).toBeNull();
  });

  it('logs in by SMS with { phone }', async () => {
    const provider = new SmsProvider();
    provider.app = { ...provider.app, sms_auth: true };
    const { widget, events } = await sent(provider, { phone: '+12015550123' });
    expect(provider.callsTo('/api/v1/passwordless_sms/init').map((r) => r.body)).toEqual([
      { phoneNumber: '+12015550123', locale: 'en' },
    ]);
    const user = (await call(widget, 'loginWithCode', {
      code: provider.smsCodes.get('+12015550123'),
    })) as User;
    expect(user.phone?.number).toBe('+12015550123');
    expect(events.map((e) => e.type)).toEqual(['login:success']);
    expect(events[0]?.detail).toMatchObject({ loginMethod: 'sms' });
  });

  it('rejects a wrong code with login:error; the right one then logs in', async () => {
    const { widget, events } = await sent();
    const wrong = await failure(call(widget, 'loginWithCode', { code: '000000' }));
    expect(wrong.code).toBe('invalid_credentials');
    expect(events).toEqual([
      {
        type: 'login:error',
        detail: { code: 'invalid_credentials', message: 'Invalid or expired verification code' },
      },
    ]);
    const code = widget.provider.codes.get('alice@example.com');
    await expect(call(widget, 'loginWithCode', { code })).resolves.toMatchObject({
      email: { address: 'alice@example.com' },
    });
    expect(widget.stores.$authenticated.get()).toBe(true);
  });

  it("rejects a malformed code with the code screen's text, before any request", async () => {
    const { widget } = await sent();
    expect(await failure(call(widget, 'loginWithCode', { code: '12ab' }))).toEqual({
      code: 'invalid_data',
      message: 'Passcode can only be numbers',
    });
    expect(widget.provider.callsTo(AUTHENTICATE)).toEqual([]);
  });

  it("rejects a code with none sent: 'No auth flow in progress.'", async () => {
    const widget = mountWidget();
    await widget.handle.ready;
    expect(await failure(call(widget, 'loginWithCode', { code: '123456' }))).toEqual({
      code: 'invalid_data',
      message: 'No auth flow in progress.',
    });
  });

  it('rejects a login the allowlist refuses with allowlist_rejected, and no modal', async () => {
    const provider = new FakeProvider();
    provider.failures.set(AUTHENTICATE, ['allowlist_rejected']);
    const { widget, events } = await sent(provider, { email: 'mallory@example.com' });
    const code = provider.codes.get('mallory@example.com');
    expect((await failure(call(widget, 'loginWithCode', { code }))).code).toBe('allowlist_rejected');
    expect(events.map((e) => e.type)).toEqual(['login:error']);
    expect(dialog(widget.shadow)).toBeNull();
    expect(widget.stores.$authenticated.get()).toBe(false);
  });

  it('opens the modal at the terms when the app requires them; Accept resolves the login', async () => {
    const { widget, events, login } = await toTerms();
    expect(events).toEqual([]);
    button(widget.shadow, 'Accept').click();
    await expect(login).resolves.toMatchObject({ email: { address: 'alice@example.com' } });
    expect(events.map((e) => e.type)).toContain('login:success');
    expect(events.map((e) => e.type)).not.toContain('login:error');
  });

  it('rejects with exited_auth_flow when the terms are declined', async () => {
    const { widget, login } = await toTerms();
    button(widget.shadow, 'No thanks').click();
    expect((await failure(login)).code).toBe('exited_auth_flow');
    expect(widget.stores.$authenticated.get()).toBe(false);
  });

  it('only warns when a user is logged in already', async () => {
    const { widget } = await sent();
    const user = await call(widget, 'loginWithCode', {
      code: widget.provider.codes.get('alice@example.com'),
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(call(widget, 'sendCode', { email: 'bob@example.com' })).resolves.toBeUndefined();
    await expect(call(widget, 'loginWithCode', { code: '123456' })).resolves.toEqual(user);
    expect(warn).toHaveBeenCalledWith('Attempted to log in, but the user is already logged in.');
    expect(widget.provider.callsTo(INIT)).toHaveLength(1);
  });
});

describe('LoginWidget.sendCode behind the captcha (§4.3)', () => {
  it('shows CAPTCHA_SCREEN, sends the code with the token, then closes with nothing reported', async () => {
    const shown: string[] = [];
    vi.stubGlobal('turnstile', {
      render: (_container: HTMLElement, params: { callback(token: string): void }) => {
        shown.push(dialogName(widget.shadow) ?? '');
        params.callback('turnstile-token');
        return '0';
      },
      reset() {},
      remove() {},
    });
    const provider = new FakeProvider();
    provider.app = appConfig({ captcha_enabled: true, captcha_site_key: 't:0x4AAA-site' });
    const widget = mountWidget(provider);
    const events = heard();
    await widget.handle.ready;
    await call(widget, 'sendCode', { email: 'alice@example.com' });
    expect(shown).toEqual(['Confirm you are human']);
    expect(provider.callsTo(INIT).map((r) => r.body)).toEqual([
      { email: 'alice@example.com', token: 'turnstile-token', locale: 'en' },
    ]);
    await vi.waitFor(() => expect(dialog(widget.shadow)).toBeNull());
    // The login goes on in the page's own form: no login:error exited_auth_flow, no modal:close.
    expect(events).toEqual([]);
    await expect(
      call(widget, 'loginWithCode', { code: provider.codes.get('alice@example.com') }),
    ).resolves.toBeTruthy();
  });
});

describe('LoginWidget.initOAuth', () => {
  it('sends the page to the identity provider without opening the modal', async () => {
    const assign = vi.fn<(url: string | URL) => void>();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
    const provider = new OAuthFakeProvider();
    const widget = mountWidget(provider);
    vi.stubGlobal('fetch', provider.oauthFetch);
    await widget.handle.ready;
    await call(widget, 'initOAuth', 'google');
    expect(provider.inits.map((init) => init.provider)).toEqual(['google']);
    expect(String(assign.mock.calls[0]?.[0])).toContain(IDP_URL);
    expect(dialog(widget.shadow)).toBeNull();
    sessionStorage.clear();
  });

  it('rejects an unknown provider', async () => {
    const widget = mountWidget();
    await widget.handle.ready;
    expect(await failure(call(widget, 'initOAuth', 'myspace'))).toEqual({
      code: 'invalid_data',
      message: 'Unknown OAuth provider "myspace".',
    });
  });
});
