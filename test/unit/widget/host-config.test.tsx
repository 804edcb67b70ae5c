import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginLayout } from '../../../src/core/login/layout.js';
import type { HostConfig } from '../../../src/protocol/index.js';
import { appConfig } from '../helpers/fake-provider.js';
import { TermsProvider } from '../helpers/terms-provider.js';
import {
  button,
  cleanupWidget,
  dialog,
  dialogName,
  digits,
  link,
  mountWidget,
  openLogin,
  paste,
  requestCode,
} from '../helpers/widget.js';

afterEach(cleanupWidget);

const LOGO = 'https://acme.test/logo.png';

describe('host-side configuration (§3)', () => {
  it("name: shown where the app's name is, over the server's", async () => {
    const provider = new TermsProvider();
    provider.app = { ...provider.app, name: 'Server Name', logo_url: LOGO };
    const widget = mountWidget(provider);
    await openLogin(widget);
    expect(widget.shadow.querySelector('img')?.getAttribute('alt')).toBe('Server Name logo');
    await widget.handle.call('init', [{ name: 'Host Shop' }]);
    await vi.waitFor(() =>
      expect(widget.shadow.querySelector('img')?.getAttribute('alt')).toBe('Host Shop logo'),
    );
    await expect(widget.handle.call('init', [{ name: 42 }])).rejects.toThrow(
      'Invalid Gatehouse configuration: name = 42.',
    );
  });

  it('legal.forceImplicitConsent: the footer shows though terms are required, and logging in accepts them without a screen', async () => {
    const provider = new TermsProvider();
    provider.app = {
      ...provider.app,
      require_users_accept_terms: true,
      terms_and_conditions_url: 'https://acme.test/terms',
    };
    const widget = mountWidget(provider);
    const successes: unknown[] = [];
    window.addEventListener('login:success', (event) => successes.push(event));
    await widget.handle.call('init', [{ legal: { forceImplicitConsent: true } }]);
    await openLogin(widget);
    expect(link(widget.shadow, 'By logging in I agree to the Terms of Service').href).toBe(
      'https://acme.test/terms',
    );
    await requestCode(widget, 'alice@example.com');
    paste(digits(widget.shadow)[0]!, provider.codes.get('alice@example.com')!);
    await vi.waitFor(() => expect(successes).toHaveLength(1), { timeout: 3000 });
    expect(dialogName(widget.shadow)).not.toBe('One last step');
    expect(provider.callsTo('/api/v1/users/me/accept_terms')).toHaveLength(1);
    expect(widget.stores.$user.get()?.hasAcceptedTerms).toBe(true);
  });

  it('without it, required terms hide the footer and ask on AFFIRMATIVE_CONSENT_SCREEN', async () => {
    const provider = new TermsProvider();
    provider.app = {
      ...provider.app,
      require_users_accept_terms: true,
      terms_and_conditions_url: 'https://acme.test/terms',
    };
    const widget = mountWidget(provider);
    await openLogin(widget);
    expect(dialog(widget.shadow)?.textContent).not.toContain('By logging in I agree');
    await requestCode(widget, 'alice@example.com');
    paste(digits(widget.shadow)[0]!, provider.codes.get('alice@example.com')!);
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('One last step'), { timeout: 3000 });
    expect(button(widget.shadow, 'Accept')).toBeTruthy();
  });
});

describe('loginConfig.twitterOAuthOnMobileEnabled (§3)', () => {
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const app = (mobile: boolean) =>
    appConfig({ email_auth: true, twitter_oauth: true, twitter_oauth_on_mobile_enabled: mobile });
  const offered = (host: HostConfig, mobile = false) =>
    loginLayout(app(mobile), host).primary.some((o) => o.type === 'oauth' && o.provider === 'twitter');

  it('on a desktop browser Twitter is offered whatever the flag', () => {
    expect(offered({})).toBe(true);
    expect(offered({ loginConfig: { twitterOAuthOnMobileEnabled: false } })).toBe(true);
  });

  it("on a mobile browser only when the host's option, else the app's flag, says so", () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    expect(offered({})).toBe(false);
    expect(offered({}, true)).toBe(true);
    expect(offered({ loginConfig: { twitterOAuthOnMobileEnabled: true } })).toBe(true);
    expect(offered({ loginConfig: { twitterOAuthOnMobileEnabled: false } }, true)).toBe(false);
    expect(offered({ loginMethodsAndOrder: { primary: ['twitter', 'email'] } })).toBe(false);
    vi.restoreAllMocks();
  });
});
