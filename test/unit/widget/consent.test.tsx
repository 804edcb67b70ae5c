import { afterEach, describe, expect, it, vi } from 'vitest';
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

function seen() {
  const names: string[] = [];
  for (const name of ['login:success', 'logout']) window.addEventListener(name, () => names.push(name));
  return names;
}

/** Email login up to AFFIRMATIVE_CONSENT_SCREEN, with an app that requires terms. */
async function reachConsent(urls: { terms?: string; privacy?: string } = {}) {
  const provider = new TermsProvider();
  provider.app = {
    ...provider.app,
    require_users_accept_terms: true,
    terms_and_conditions_url: urls.terms ?? null,
    privacy_policy_url: urls.privacy ?? null,
  };
  const widget = mountWidget(provider);
  const events = seen();
  await openLogin(widget);
  // §2.3: with terms to accept, LANDING has no "By logging in I agree" footer.
  expect(dialog(widget.shadow)?.textContent).not.toContain('By logging in I agree');
  await requestCode(widget, 'alice@example.com');
  paste(digits(widget.shadow)[0]!, provider.codes.get('alice@example.com')!);
  await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('One last step'), { timeout: 3000 });
  return { widget, provider, events };
}

describe('AFFIRMATIVE_CONSENT_SCREEN', () => {
  it("is titled 'One last step' with the terms and privacy links (new tab, noopener) and two buttons", async () => {
    const { widget, events } = await reachConsent({
      terms: 'https://acme.test/terms',
      privacy: 'https://acme.test/privacy',
    });
    const terms = link(widget.shadow, 'View terms');
    expect(terms.href).toBe('https://acme.test/terms');
    expect(terms.target).toBe('_blank');
    expect(terms.rel).toContain('noopener');
    expect(link(widget.shadow, 'View privacy policy').href).toBe('https://acme.test/privacy');
    expect(button(widget.shadow, 'No thanks')).toBeTruthy();
    expect(button(widget.shadow, 'Accept')).toBeTruthy();
    await vi.waitFor(() => expect(widget.shadow.activeElement).toBe(button(widget.shadow, 'Accept')));
    expect(events).toEqual([]);
  });

  it("'Accept' records the acceptance; the modal closes and login:success fires", async () => {
    const { widget, provider, events } = await reachConsent({ terms: 'https://acme.test/terms' });
    expect(() => link(widget.shadow, 'View privacy policy')).toThrow();
    button(widget.shadow, 'Accept').click();
    await vi.waitFor(() => expect(dialog(widget.shadow)).toBeNull());
    expect(provider.callsTo('/api/v1/users/me/accept_terms')).toHaveLength(1);
    expect(events).toEqual(['login:success']);
    expect(widget.stores.$user.get()?.hasAcceptedTerms).toBe(true);
  });

  it("'No thanks' logs out: the modal closes, logout fires, nobody is logged in", async () => {
    const { widget, events } = await reachConsent();
    button(widget.shadow, 'No thanks').click();
    await vi.waitFor(() => expect(dialog(widget.shadow)).toBeNull());
    await vi.waitFor(() => expect(events).toEqual(['logout']));
    expect(widget.stores.$authenticated.get()).toBe(false);
  });

  it('a failed Accept shows an alert and stays', async () => {
    const { widget, provider } = await reachConsent();
    provider.failures.set('/api/v1/users/me/accept_terms', [400]);
    button(widget.shadow, 'Accept').click();
    await vi.waitFor(() =>
      expect(widget.shadow.querySelector('[role="alert"]')?.textContent).toBe(
        'Your answer could not be saved. Please try again.',
      ),
    );
    expect(dialogName(widget.shadow)).toBe('One last step');
  });
});
