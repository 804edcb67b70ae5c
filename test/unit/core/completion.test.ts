import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerConsent } from '../../../src/core/login/consent.js';
import { submitCode, submitDestination } from '../../../src/core/login/passwordless.js';
import { tryAnotherAccount } from '../../../src/core/login/refused.js';
import { memoryStorage } from '../../../src/core/storage.js';
import { SCREENS, STORAGE_KEYS } from '../../../src/protocol/index.js';
import { createClient } from '../helpers/setup.js';
import { TermsProvider } from '../helpers/terms-provider.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A client whose app requires terms (or not), logged in by email up to the code. */
async function loginByEmail(options: { appRequiresTerms?: boolean; host?: unknown } = {}) {
  const provider = new TermsProvider();
  provider.app = { ...provider.app, require_users_accept_terms: options.appRequiresTerms ?? false };
  const client = createClient({}, provider);
  if (options.host) await client.gatehouse.call('init', [options.host]);
  await client.gatehouse.call('login', []);
  await submitDestination(client.gatehouse.ctx, 'email', 'alice@example.com');
  vi.useFakeTimers();
  const ok = await submitCode(client.gatehouse.ctx, provider.codes.get('alice@example.com')!);
  return { ...client, provider, ok };
}

const screen = (gatehouse: { ctx: { modal: { $modal: { get(): { screen: string; open: boolean } } } } }) =>
  gatehouse.ctx.modal.$modal.get();

describe('login completion (§4.2)', () => {
  it('without terms to accept: login:success at once, the modal closes after 1400 ms', async () => {
    const { gatehouse, events, ok } = await loginByEmail();
    expect(ok).toBe(true);
    expect(events.seen.map((e) => e.name)).toEqual(['login:success']);
    expect(events.seen[0]?.detail).toMatchObject({ isNewUser: true, loginMethod: 'email' });
    await vi.advanceTimersByTimeAsync(1399);
    expect(screen(gatehouse).open).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(screen(gatehouse).open).toBe(false);
  });

  it('with terms required by the app: AFFIRMATIVE_CONSENT_SCREEN after 900 ms, no login:success yet', async () => {
    const { gatehouse, events } = await loginByEmail({ appRequiresTerms: true });
    expect(gatehouse.ctx.modal.$flow.get().success).toBe(true);
    await vi.advanceTimersByTimeAsync(899);
    expect(screen(gatehouse).screen).toBe(SCREENS.awaitingPasswordlessCode);
    await vi.advanceTimersByTimeAsync(1);
    expect(screen(gatehouse)).toMatchObject({ open: true, screen: SCREENS.affirmativeConsent });
    // The 1400 ms close does not happen while the terms wait for an answer.
    await vi.advanceTimersByTimeAsync(5000);
    expect(screen(gatehouse).open).toBe(true);
    expect(events.seen).toEqual([]);
    expect(gatehouse.ctx.stores.$authenticated.get()).toBe(true);
  });

  it('Accept posts an empty body with the bearer, then fires login:success with the accepting user and closes', async () => {
    const { gatehouse, events, provider } = await loginByEmail({ appRequiresTerms: true });
    await vi.advanceTimersByTimeAsync(900);
    await answerConsent(gatehouse.ctx, true);
    const [call] = provider.callsTo('/api/v1/users/me/accept_terms');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({});
    expect(call?.headers.authorization).toMatch(/^Bearer ey/);
    expect(gatehouse.ctx.stores.$user.get()?.hasAcceptedTerms).toBe(true);
    expect(events.seen).toEqual([
      {
        name: 'login:success',
        detail: { user: gatehouse.ctx.stores.$user.get(), isNewUser: true, loginMethod: 'email' },
      },
    ]);
    expect(screen(gatehouse).open).toBe(false);
  });

  it("'No thanks' logs the user out: logout is posted, no login:success, the modal closes", async () => {
    const { gatehouse, events, provider } = await loginByEmail({ appRequiresTerms: true });
    await vi.advanceTimersByTimeAsync(900);
    await answerConsent(gatehouse.ctx, false);
    expect(provider.callsTo('/api/v1/sessions/logout')).toHaveLength(1);
    expect(gatehouse.ctx.stores.$authenticated.get()).toBe(false);
    expect(events.seen.map((e) => e.name)).toEqual(['logout']);
    expect(screen(gatehouse).open).toBe(false);
  });

  it('closing the consent screen declines too', async () => {
    const { gatehouse, events } = await loginByEmail({ appRequiresTerms: true });
    await vi.advanceTimersByTimeAsync(900);
    gatehouse.ctx.modal.close();
    await vi.waitFor(() => expect(gatehouse.ctx.stores.$authenticated.get()).toBe(false));
    expect(events.seen.map((e) => e.name)).toEqual(['logout']);
  });

  it('a failed Accept stays on the screen with the error, and can be tried again', async () => {
    const { gatehouse, events, provider } = await loginByEmail({ appRequiresTerms: true });
    await vi.advanceTimersByTimeAsync(900);
    provider.failures.set('/api/v1/users/me/accept_terms', [400]);
    await answerConsent(gatehouse.ctx, true);
    expect(screen(gatehouse).screen).toBe(SCREENS.affirmativeConsent);
    expect(gatehouse.ctx.modal.$flow.get().error).not.toBeNull();
    expect(events.seen).toEqual([]);
    await answerConsent(gatehouse.ctx, true);
    expect(events.seen.map((e) => e.name)).toEqual(['login:success']);
  });

  it('the host can require terms (legal.requireUsersAcceptTerms); inline, consent shows at once', async () => {
    const { gatehouse } = await loginByEmail({
      host: { legal: { requireUsersAcceptTerms: true }, render: { inDialog: false, inParentNodeId: 'box' } },
    });
    expect(screen(gatehouse)).toMatchObject({ open: true, screen: SCREENS.affirmativeConsent });
    await answerConsent(gatehouse.ctx, true);
    expect(screen(gatehouse).open).toBe(false);
  });

  it('a user who accepted before is not asked again', async () => {
    const first = await loginByEmail({ appRequiresTerms: true });
    await vi.advanceTimersByTimeAsync(900);
    await answerConsent(first.gatehouse.ctx, true);
    await first.gatehouse.call('logout', []);
    vi.useRealTimers();
    await first.gatehouse.call('login', []);
    await submitDestination(first.gatehouse.ctx, 'email', 'alice@example.com');
    vi.useFakeTimers();
    await submitCode(first.gatehouse.ctx, first.provider.codes.get('alice@example.com')!);
    expect(first.events.seen.map((e) => e.name)).toEqual(['login:success', 'logout', 'login:success']);
    expect(first.events.seen[2]?.detail).toMatchObject({ isNewUser: false });
    await vi.advanceTimersByTimeAsync(1400);
    expect(screen(first.gatehouse).open).toBe(false);
  });
});

describe('allowlist rejection routing', () => {
  it('allowlist_rejected on the code goes to ALLOWLIST_REJECTION_SCREEN and fires login:error; the button returns to LANDING', async () => {
    const provider = new TermsProvider();
    provider.failures.set('/api/v1/passwordless/authenticate', ['allowlist_rejected']);
    const { gatehouse, events } = createClient({}, provider);
    await gatehouse.call('login', []);
    await submitDestination(gatehouse.ctx, 'email', 'mallory@example.com');
    await expect(submitCode(gatehouse.ctx, provider.codes.get('mallory@example.com')!)).resolves.toBe(false);
    expect(screen(gatehouse).screen).toBe(SCREENS.allowlistRejection);
    expect(events.seen).toEqual([
      {
        name: 'login:error',
        detail: { code: 'allowlist_rejected', message: 'This account is not on the allowlist of this app.' },
      },
    ]);
    tryAnotherAccount(gatehouse.ctx);
    expect(screen(gatehouse).screen).toBe(SCREENS.landing);
    expect(gatehouse.ctx.modal.$flow.get().error).toBeNull();
  });
});

describe('a restored session that still owes the terms', () => {
  async function restored(appRequiresTerms: boolean) {
    const provider = new TermsProvider();
    provider.app = { ...provider.app, require_users_accept_terms: appRequiresTerms };
    const storage = memoryStorage();
    storage.setItem(
      STORAGE_KEYS.refreshToken,
      provider.issue(provider.createUser('alice@example.com')).refresh_token,
    );
    const client = createClient({ storage }, provider);
    await client.gatehouse.ready;
    return { ...client, provider };
  }

  it('opens the consent screen again on start; Accept closes it without a second login:success', async () => {
    const { gatehouse, events, provider } = await restored(true);
    // The consent flow is a chunk of its own, fetched for such a user: the screen follows at once.
    await vi.waitFor(() =>
      expect(screen(gatehouse)).toMatchObject({ open: true, screen: SCREENS.affirmativeConsent }),
    );
    await answerConsent(gatehouse.ctx, true);
    expect(provider.callsTo('/api/v1/users/me/accept_terms')).toHaveLength(1);
    expect(screen(gatehouse).open).toBe(false);
    expect(events.seen).toEqual([]);
    expect(gatehouse.ctx.stores.$user.get()?.hasAcceptedTerms).toBe(true);
  });

  it('declining (or closing) logs out', async () => {
    const { gatehouse, events } = await restored(true);
    await vi.waitFor(() => expect(screen(gatehouse).screen).toBe(SCREENS.affirmativeConsent));
    gatehouse.ctx.modal.close();
    await vi.waitFor(() => expect(gatehouse.ctx.stores.$authenticated.get()).toBe(false));
    expect(events.seen.map((e) => e.name)).toEqual(['logout']);
  });

  it('when the host starts requiring terms with init()', async () => {
    const { gatehouse } = await restored(false);
    expect(screen(gatehouse).open).toBe(false);
    await gatehouse.call('init', [{ legal: { requireUsersAcceptTerms: true } }]);
    // The consent flow is a chunk of its own, fetched for such a user: the screen follows at once.
    await vi.waitFor(() =>
      expect(screen(gatehouse)).toMatchObject({ open: true, screen: SCREENS.affirmativeConsent }),
    );
  });
});

describe('login() while the terms wait for an answer', () => {
  it('only warns: the consent screen stays open', async () => {
    const provider = new TermsProvider();
    provider.app = { ...provider.app, require_users_accept_terms: true };
    const storage = memoryStorage();
    storage.setItem(
      STORAGE_KEYS.refreshToken,
      provider.issue(provider.createUser('alice@example.com')).refresh_token,
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { gatehouse } = createClient({ storage }, provider);
    // Called before the app is ready, as a page's own script may.
    await gatehouse.call('login', []);
    expect(warn).toHaveBeenCalledWith('Attempted to log in, but the user is already logged in.');
    // The consent flow is a chunk of its own, fetched for such a user: the screen follows at once.
    await vi.waitFor(() =>
      expect(screen(gatehouse)).toMatchObject({ open: true, screen: SCREENS.affirmativeConsent }),
    );
  });
});
