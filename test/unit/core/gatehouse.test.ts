import { afterEach, describe, expect, it, vi } from 'vitest';
import { GatehouseError } from '../../../src/core/errors/gatehouse-error.js';
import { resendCode, submitCode, submitDestination } from '../../../src/core/login/passwordless.js';
import { memoryStorage } from '../../../src/core/storage.js';
import { SCREENS, STORAGE_KEYS } from '../../../src/protocol/index.js';
import { API_URL, FakeProvider } from '../helpers/fake-provider.js';
import { createClient } from '../helpers/setup.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('client start', () => {
  it('loads the app configuration, then is ready with nobody logged in', async () => {
    const { gatehouse, provider } = createClient();
    await gatehouse.ready;
    expect(gatehouse.ctx.stores.$ready.get()).toBe(true);
    expect(gatehouse.ctx.stores.$authenticated.get()).toBe(false);
    expect(gatehouse.ctx.$config.get().appName).toBe('Acme Shop');
    expect(provider.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /api/v1/apps/${provider.app.id}`,
    ]);
  });

  it('when the app configuration cannot be loaded, ready and every method reject with a clear error', async () => {
    const provider = new FakeProvider();
    provider.failures.set(`/api/v1/apps/${provider.app.id}`, ['app_not_found']);
    const { gatehouse } = createClient({}, provider);
    await expect(gatehouse.ready).rejects.toThrow(
      `Gatehouse could not load the configuration of app ${provider.app.id}: App not found.`,
    );
    await expect(gatehouse.call('login', [])).rejects.toBeInstanceOf(GatehouseError);
    await expect(gatehouse.call('getAccessToken', [])).rejects.toThrow('App not found');
    expect(gatehouse.ctx.modal.$modal.get().open).toBe(false);
    expect(gatehouse.ctx.stores.$ready.get()).toBe(false);
  });

  it('an unreachable provider rejects with the one clear error', async () => {
    const { gatehouse } = createClient({ apiUrl: 'https://down.test' });
    await expect(gatehouse.ready).rejects.toMatchObject({
      code: 'provider_unreachable',
      message: 'The login service could not be reached',
    });
  });

  it('restores a stored session on start', async () => {
    const provider = new FakeProvider();
    const storage = memoryStorage();
    const { refresh_token } = provider.issue(provider.createUser('alice@example.com'));
    storage.setItem(STORAGE_KEYS.refreshToken, refresh_token);
    const { gatehouse } = createClient({ storage }, provider);
    await gatehouse.ready;
    expect(gatehouse.ctx.stores.$authenticated.get()).toBe(true);
    expect(gatehouse.ctx.stores.$user.get()?.email?.address).toBe('alice@example.com');
  });
});

describe('email login (§4.2, §4.4)', () => {
  it('sends a code, authenticates, stores the session, fires login:success and closes after 1400 ms', async () => {
    const { gatehouse, provider, events, storage } = createClient();
    await gatehouse.call('login', []);
    expect(gatehouse.ctx.modal.$modal.get()).toMatchObject({ open: true, screen: SCREENS.landing });

    vi.useFakeTimers();
    await submitDestination(gatehouse.ctx, 'email', '  alice@example.com ');
    // With the language the widget shows, for the mail (English here: no locale is shown).
    expect(provider.callsTo('/api/v1/passwordless/init')[0]?.body).toEqual({
      email: 'alice@example.com',
      locale: 'en',
    });
    expect(gatehouse.ctx.modal.$modal.get().screen).toBe(SCREENS.awaitingPasswordlessCode);
    expect(gatehouse.ctx.modal.$flow.get().email).toBe('alice@example.com');

    const code = provider.codes.get('alice@example.com')!;
    await expect(submitCode(gatehouse.ctx, ` ${code} `)).resolves.toBe(true);
    expect(provider.callsTo('/api/v1/passwordless/authenticate')[0]?.body).toEqual({
      email: 'alice@example.com',
      code,
      locale: 'en',
    });
    expect(gatehouse.ctx.modal.$flow.get().success).toBe(true);
    expect(events.seen).toEqual([
      {
        name: 'login:success',
        detail: { user: gatehouse.ctx.stores.$user.get(), isNewUser: true, loginMethod: 'email' },
      },
    ]);
    expect(gatehouse.ctx.stores.$user.get()?.email?.address).toBe('alice@example.com');
    expect(storage.getItem(STORAGE_KEYS.token)).toBeTruthy();
    await expect(gatehouse.call('getAccessToken', [])).resolves.toBe(storage.getItem(STORAGE_KEYS.token));

    vi.advanceTimersByTime(1399);
    expect(gatehouse.ctx.modal.$modal.get().open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(gatehouse.ctx.modal.$modal.get().open).toBe(false);
    // The flow state goes 200 ms after the modal closes.
    vi.advanceTimersByTime(199);
    expect(gatehouse.ctx.modal.$flow.get().email).toBe('alice@example.com');
    vi.advanceTimersByTime(1);
    expect(gatehouse.ctx.modal.$flow.get().email).toBeNull();
  });

  it('closes at once after success when rendering inline', async () => {
    const { gatehouse, provider } = createClient();
    await gatehouse.call('init', [{ render: { inDialog: false, inParentNodeId: 'login-box' } }]);
    await gatehouse.call('login', []);
    await submitDestination(gatehouse.ctx, 'email', 'alice@example.com');
    await submitCode(gatehouse.ctx, provider.codes.get('alice@example.com')!);
    expect(gatehouse.ctx.modal.$modal.get().open).toBe(false);
  });

  it('a wrong code stays on the code screen with the §8 text and fires login:error', async () => {
    const { gatehouse, events } = createClient();
    await gatehouse.call('login', []);
    await submitDestination(gatehouse.ctx, 'email', 'bob@example.com');
    await expect(submitCode(gatehouse.ctx, '000000')).resolves.toBe(false);
    expect(gatehouse.ctx.modal.$modal.get().screen).toBe(SCREENS.awaitingPasswordlessCode);
    expect(gatehouse.ctx.modal.$flow.get().error?.code).toBe('invalid_credentials');
    expect(events.seen).toEqual([
      {
        name: 'login:error',
        detail: { code: 'invalid_credentials', message: 'Invalid or expired verification code' },
      },
    ]);
    expect(gatehouse.ctx.stores.$authenticated.get()).toBe(false);
  });

  it('a refused email goes to ERROR_SCREEN, and back returns to LANDING', async () => {
    const provider = new FakeProvider();
    provider.failures.set('/api/v1/passwordless/init', ['disallowed_login_method']);
    const { gatehouse } = createClient({}, provider);
    await gatehouse.call('login', []);
    await submitDestination(gatehouse.ctx, 'email', 'carol@example.com');
    expect(gatehouse.ctx.modal.$modal.get()).toMatchObject({
      screen: SCREENS.error,
      previousScreen: SCREENS.landing,
    });
    expect(gatehouse.ctx.modal.$flow.get().error?.code).toBe('disallowed_login_method');
    gatehouse.ctx.modal.back();
    expect(gatehouse.ctx.modal.$modal.get().screen).toBe(SCREENS.landing);
    expect(gatehouse.ctx.modal.$flow.get().error).toBeNull();
  });

  it('an invalid address is refused before any call', async () => {
    const { gatehouse, provider } = createClient();
    await gatehouse.call('login', []);
    await submitDestination(gatehouse.ctx, 'email', 'not-an-email');
    expect(provider.callsTo('/api/v1/passwordless/init')).toEqual([]);
    expect(gatehouse.ctx.modal.$flow.get().error?.message).toBe('Please enter a valid email address.');
  });

  it('resends a code to the same address', async () => {
    const { gatehouse, provider } = createClient();
    await gatehouse.call('login', []);
    await submitDestination(gatehouse.ctx, 'email', 'dave@example.com');
    const first = provider.codes.get('dave@example.com');
    await resendCode(gatehouse.ctx);
    expect(provider.callsTo('/api/v1/passwordless/init')).toHaveLength(2);
    expect(provider.codes.get('dave@example.com')).not.toBe(first);
    expect(gatehouse.ctx.modal.$flow.get().resent).toBe(true);
  });

  it('logging in while logged in only warns', async () => {
    const { gatehouse, provider } = createClient();
    await gatehouse.call('login', []);
    await submitDestination(gatehouse.ctx, 'email', 'erin@example.com');
    await submitCode(gatehouse.ctx, provider.codes.get('erin@example.com')!);
    gatehouse.ctx.modal.close();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await gatehouse.call('login', []);
    expect(warn).toHaveBeenCalledWith('Attempted to log in, but the user is already logged in.');
    expect(gatehouse.ctx.modal.$modal.get().open).toBe(false);
  });

  it('logout clears the session, fires logout, and getAccessToken then resolves null', async () => {
    const { gatehouse, provider, events } = createClient();
    await gatehouse.call('login', []);
    await submitDestination(gatehouse.ctx, 'email', 'frank@example.com');
    await submitCode(gatehouse.ctx, provider.codes.get('frank@example.com')!);
    await gatehouse.call('logout', []);
    expect(provider.callsTo('/api/v1/sessions/logout')).toHaveLength(1);
    expect(gatehouse.ctx.stores.$authenticated.get()).toBe(false);
    expect(events.seen.map((e) => e.name)).toEqual(['login:success', 'logout']);
    await expect(gatehouse.call('getAccessToken', [])).resolves.toBeNull();
  });

  it('every call carries the spec headers', async () => {
    const { gatehouse, provider } = createClient();
    await gatehouse.ready;
    const headers = provider.requests[0]!.headers;
    expect(headers['gatehouse-app-id']).toBe(provider.app.id);
    expect(headers['gatehouse-client']).toBe('gatehouse-js:0.1.0');
    expect(headers['gatehouse-ca-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(provider.requests[0]!.credentials).toBe('include');
    expect(API_URL).toBe('https://provider.test');
  });
});

describe('host configuration (§3)', () => {
  it('merges over the app configuration', async () => {
    const provider = new FakeProvider();
    provider.app = {
      ...provider.app,
      accent_color: '#112233',
      terms_and_conditions_url: 'https://acme.test/terms',
    };
    const { gatehouse } = createClient({}, provider);
    await gatehouse.ready;
    expect(gatehouse.ctx.$config.get()).toMatchObject({
      accentColor: '#112233',
      termsUrl: 'https://acme.test/terms',
      theme: 'light',
    });
    await gatehouse.call('init', [
      { appearance: { accentColor: '#0a7', theme: 'dark' }, legal: { privacyPolicyUrl: '/privacy' } },
    ]);
    expect(gatehouse.ctx.$config.get()).toMatchObject({
      accentColor: '#0a7',
      theme: 'dark',
      termsUrl: 'https://acme.test/terms',
      privacyUrl: '/privacy',
      inDialog: true,
    });
  });

  it('uses the default accent colour #676FFF without one', async () => {
    const { gatehouse } = createClient();
    await gatehouse.ready;
    expect(gatehouse.ctx.$config.get().accentColor).toBe('#676FFF');
  });

  it.each([
    [{ appearance: { accentColor: 'red; background: url(x)' } }, 'appearance.accentColor'],
    [{ appearance: { theme: 'blue' } }, 'appearance.theme'],
    [{ legal: { termsAndConditionsUrl: 'javascript:alert(1)' } }, 'legal.termsAndConditionsUrl'],
    [{ render: { inDialog: 'yes' } }, 'render.inDialog'],
    ['config', 'config'],
  ])('refuses %j', async (config, field) => {
    const { gatehouse } = createClient();
    await expect(gatehouse.call('init', [config])).rejects.toThrow(
      `Invalid Gatehouse configuration: ${field}`,
    );
  });

  it('rejects unknown methods', async () => {
    const { gatehouse } = createClient();
    await expect(gatehouse.call('fly', [])).rejects.toThrow('LoginWidget has no method "fly".');
  });
});
