import { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../src/core/api/client.js';
import { OAuthFlow, type OAuthScreenState } from '../../../src/core/login/oauth-flow.js';
import { API_URL, APP_ID, appConfig } from '../helpers/fake-provider.js';
import { IDP_URL, OAuthFakeProvider } from '../helpers/oauth-provider.js';
import { button, cleanupWidget, dialog, dialogName, mountWidget, openLogin } from '../helpers/widget.js';

const PAGE = `${location.origin}/shop?item=7`;
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  history.replaceState(null, '', PAGE);
  sessionStorage.clear();
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => {
  cleanupWidget();
  sessionStorage.clear();
});

/** An earlier page load of this tab started the flow (verifier and state kept in sessionStorage). */
async function startedEarlier(provider: OAuthFakeProvider, name = 'google'): Promise<void> {
  const api = new ApiClient({
    apiUrl: API_URL,
    appId: APP_ID,
    clientAnalyticsId: 'caid',
    fetch: provider.oauthFetch,
  });
  const flow = new OAuthFlow({
    api,
    state: atom<OAuthScreenState>({ provider: null, mode: 'login', status: 'idle', error: null }),
    navigate: () => {},
  });
  await flow.start(name as 'google', 'login');
}

function mountBack(
  provider: OAuthFakeProvider,
  overrides: Parameters<OAuthFakeProvider['returnUrl']>[1] = {},
) {
  history.replaceState(null, '', provider.returnUrl(PAGE, overrides));
  const widget = mountWidget(provider);
  vi.stubGlobal('fetch', provider.oauthFetch);
  return widget;
}

describe('AWAITING_OAUTH_SCREEN (§4.4)', () => {
  it('back from Google: verifying, then connected, and the address is clean', async () => {
    const provider = new OAuthFakeProvider();
    await startedEarlier(provider);
    let answer = () => {};
    provider.oauthGate = new Promise((resolve) => {
      answer = resolve;
    });
    const widget = mountBack(provider);
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Verifying connection to Google'));
    expect(location.href).toBe(PAGE);
    answer();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Successfully connected with Google'));
    expect(widget.stores.$user.get()?.google?.email).toBe('alice@gmail.test');
  });

  it("denied at the provider: the §8 text and 'Try again', which goes to the provider again", async () => {
    const provider = new OAuthFakeProvider();
    await startedEarlier(provider);
    const widget = mountBack(provider, { code: 'undefined' });
    await vi.waitFor(() =>
      expect(widget.shadow.querySelector('[role="alert"]')?.textContent).toBe(
        'Retry and check Google to finish connecting your account.',
      ),
    );
    button(widget.shadow, 'Try again').click();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(`${IDP_URL}?client_id=x&state=idp-2`));
    expect(provider.inits.map((i) => i.provider)).toEqual(['google', 'google']);
  });

  it("a tampered state shows the phishing warning, no retry, and 'Try another method' to LANDING", async () => {
    const provider = new OAuthFakeProvider();
    await startedEarlier(provider);
    const widget = mountBack(provider, { state: 'tampered' });
    await vi.waitFor(() =>
      expect(widget.shadow.querySelector('[role="alert"]')?.textContent).toBe(
        'Unexpected auth flow, possibly a phishing attempt',
      ),
    );
    expect(widget.shadow.querySelector('button[data-autofocus]')?.textContent).toBe('Try another method');
    expect(() => button(widget.shadow, 'Try again')).toThrow();
    expect(provider.callsTo('/api/v1/oauth/authenticate')).toEqual([]);
    button(widget.shadow, 'Try another method').click();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Log in or sign up'));
  });

  it('an account already linked to another user: Authentication failed', async () => {
    const provider = new OAuthFakeProvider();
    await startedEarlier(provider, 'discord');
    provider.refuseWith = 'linked_to_another_user';
    const widget = mountBack(provider);
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Authentication failed'));
    expect(dialog(widget.shadow)?.textContent).toContain(
      'This account has already been linked to another user.',
    );
  });
});

describe('IN_APP_BROWSER_LOGIN_NOT_POSSIBLE (§5, §8)', () => {
  it('Continue with Google inside Instagram’s browser says so instead of leaving the page; Back returns', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Instagram 312.0.0.32.112');
    const provider = new OAuthFakeProvider();
    provider.app = appConfig({ google_oauth: true });
    const widget = mountWidget(provider);
    vi.stubGlobal('fetch', provider.oauthFetch);
    await openLogin(widget);
    button(widget.shadow, 'Continue with Google').click();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Could not log in with provider'));
    expect(widget.shadow.querySelector('[role="alert"]')?.textContent).toBe(
      "It looks like you're using an in-app browser. To log in, please try again using an external browser.",
    );
    expect(provider.inits).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
    button(widget.shadow, 'Back').click();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Log in or sign up'));
  });
});
