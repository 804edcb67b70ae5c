import { afterEach, describe, expect, it, vi } from 'vitest';
import { stopCustomAuth, syncCustomAuth } from '../../../src/core/host/custom-auth-sync.js';
import { answerConsent } from '../../../src/core/login/consent.js';
import { CustomAuthSync } from '../../../src/core/login/custom-auth.js';
import { SCREENS } from '../../../src/protocol/index.js';
import { createClient } from '../helpers/setup.js';
import { hostToken, TermsProvider } from '../helpers/terms-provider.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The host's side of custom auth: a token it can set and clear, as a host page would. */
function hostLogin(initial: string | null = null) {
  const host = {
    token: initial,
    isLoading: false,
    calls: 0,
    config() {
      return {
        isLoading: host.isLoading,
        getCustomAccessToken: async () => {
          host.calls += 1;
          return host.token;
        },
      };
    },
  };
  return host;
}

const AUTHENTICATE = '/api/v1/custom_jwt_account/authenticate';

describe('custom auth (host token sync)', () => {
  it("logs in with the host's token on init: no modal, login:success with loginMethod 'custom'", async () => {
    const host = hostLogin(hostToken('user-42'));
    const { gatehouse, provider, events } = createClient({}, new TermsProvider());
    await gatehouse.call('init', [{ customAuth: host.config() }]);
    expect(provider.callsTo(AUTHENTICATE).map((r) => r.body)).toEqual([{ token: hostToken('user-42') }]);
    expect(gatehouse.ctx.stores.$authenticated.get()).toBe(true);
    expect(gatehouse.ctx.stores.$user.get()?.linkedAccounts).toEqual([
      expect.objectContaining({ type: 'custom_auth', customUserId: 'user-42' }),
    ]);
    expect(events.seen).toEqual([
      {
        name: 'login:success',
        detail: { user: gatehouse.ctx.stores.$user.get(), isNewUser: true, loginMethod: 'custom' },
      },
    ]);
    expect(gatehouse.ctx.modal.$modal.get().open).toBe(false);
    // Checking again with the same user logged in does nothing.
    await gatehouse.call('init', [{ customAuth: host.config() }]);
    expect(provider.callsTo(AUTHENTICATE)).toHaveLength(1);
  });

  it('waits while the host is loading, and logs in once it is not', async () => {
    const host = hostLogin(hostToken('user-42'));
    host.isLoading = true;
    const { gatehouse, provider } = createClient({}, new TermsProvider());
    await gatehouse.call('init', [{ customAuth: host.config() }]);
    expect(host.calls).toBe(0);
    expect(provider.callsTo(AUTHENTICATE)).toEqual([]);
    host.isLoading = false;
    await gatehouse.call('init', [{ customAuth: host.config() }]);
    expect(gatehouse.ctx.stores.$authenticated.get()).toBe(true);
  });

  it("logs out when the host's token goes away (checked on focus)", async () => {
    const host = hostLogin(hostToken('user-42'));
    const { gatehouse, provider, events } = createClient({}, new TermsProvider());
    await gatehouse.call('init', [{ customAuth: host.config() }]);
    host.token = null;
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(gatehouse.ctx.stores.$authenticated.get()).toBe(false));
    expect(provider.callsTo('/api/v1/sessions/logout')).toHaveLength(1);
    expect(events.seen.map((e) => e.name)).toEqual(['login:success', 'logout']);
    await stopCustomAuth(gatehouse.ctx);
  });

  it('a new host user replaces the old one', async () => {
    const host = hostLogin(hostToken('user-42'));
    const { gatehouse, events } = createClient({}, new TermsProvider());
    await gatehouse.call('init', [{ customAuth: host.config() }]);
    host.token = hostToken('user-43');
    await syncCustomAuth(gatehouse.ctx);
    expect(gatehouse.ctx.stores.$user.get()?.linkedAccounts[0]).toMatchObject({ customUserId: 'user-43' });
    expect(events.seen.map((e) => e.name)).toEqual(['login:success', 'logout', 'login:success']);
    await stopCustomAuth(gatehouse.ctx);
  });

  it('a refused token is reported once and not sent again; a failing getCustomAccessToken is reported', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const host = hostLogin(hostToken('user-42', { bad: true }));
    const { gatehouse, provider, events } = createClient({}, new TermsProvider());
    await gatehouse.call('init', [{ customAuth: host.config() }]);
    await syncCustomAuth(gatehouse.ctx);
    expect(provider.callsTo(AUTHENTICATE)).toHaveLength(1);
    expect(gatehouse.ctx.stores.$authenticated.get()).toBe(false);
    expect(warn).toHaveBeenCalledWith(
      "Gatehouse could not log in with the host's custom auth token: Invalid or expired verification code",
    );
    expect(events.seen).toEqual([
      {
        name: 'login:error',
        detail: { code: 'invalid_credentials', message: 'Invalid or expired verification code' },
      },
    ]);
    const failing = { getCustomAccessToken: () => Promise.reject(new Error('host backend down')) };
    await gatehouse.call('init', [{ customAuth: failing }]);
    expect(warn).toHaveBeenCalledWith('getCustomAccessToken() failed: host backend down');
    await stopCustomAuth(gatehouse.ctx);
  });

  it('with terms to accept, the modal opens at AFFIRMATIVE_CONSENT_SCREEN', async () => {
    const provider = new TermsProvider();
    provider.app = { ...provider.app, require_users_accept_terms: true };
    const { gatehouse, events } = createClient({}, provider);
    await gatehouse.call('init', [{ customAuth: hostLogin(hostToken('user-42')).config() }]);
    expect(gatehouse.ctx.modal.$modal.get()).toMatchObject({
      open: true,
      screen: SCREENS.affirmativeConsent,
    });
    expect(events.seen).toEqual([]);
    await answerConsent(gatehouse.ctx, true);
    expect(events.seen.map((e) => e.name)).toEqual(['login:success']);
    await stopCustomAuth(gatehouse.ctx);
  });

  it('re-checks on the interval and on visibilitychange; concurrent checks share one call', async () => {
    vi.useFakeTimers();
    const host = hostLogin(null);
    const page = new EventTarget() as EventTarget & { document: { visibilityState: string } };
    page.document = { visibilityState: 'visible' };
    const ctx = {
      api: { post: vi.fn() },
      session: { authenticated: false },
      $hostConfig: { get: () => ({ customAuth: host.config() }) },
      stores: { $user: { get: () => null } },
    };
    const sync = new CustomAuthSync(ctx as never, { page, intervalMs: 1000 });
    await Promise.all([sync.sync(), sync.sync()]);
    expect(host.calls).toBe(2); // one check, and one more asked for while it ran
    await vi.advanceTimersByTimeAsync(1000);
    expect(host.calls).toBe(3);
    page.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(host.calls).toBe(4);
    sync.stop();
    await vi.advanceTimersByTimeAsync(5000);
    page.dispatchEvent(new Event('focus'));
    expect(host.calls).toBe(4);
  });
});
