import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeProvider } from '../helpers/fake-provider.js';
import {
  button,
  cleanupWidget,
  dialogName,
  digits,
  link,
  mountWidget,
  openLogin,
  paste,
  requestCode,
} from '../helpers/widget.js';

afterEach(cleanupWidget);

/** A login the provider's allowlist refuses, up to ALLOWLIST_REJECTION_SCREEN. */
async function rejected(provider = new FakeProvider(), host?: unknown) {
  provider.failures.set('/api/v1/passwordless/authenticate', ['allowlist_rejected']);
  const widget = mountWidget(provider);
  if (host) await widget.handle.call('init', [host]);
  await openLogin(widget);
  await requestCode(widget, 'mallory@example.com');
  paste(digits(widget.shadow)[0]!, provider.codes.get('mallory@example.com')!);
  return widget;
}

describe('ALLOWLIST_REJECTION_SCREEN', () => {
  it('shows the §6 defaults; its button goes back to LANDING', async () => {
    const widget = await rejected();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe("You don't have access to this app"));
    expect(widget.shadow.textContent).toContain('Have you been invited?');
    button(widget.shadow, 'Try another account').click();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Log in or sign up'));
    expect(widget.stores.$authenticated.get()).toBe(false);
  });

  it("shows the app's texts, and its button opens the app's link", async () => {
    const provider = new FakeProvider();
    provider.app = {
      ...provider.app,
      allowlist_config: {
        error_title: 'Invite only',
        error_detail: 'Acme Shop is in private beta.',
        cta_text: 'Join the waitlist',
        cta_link: 'https://acme.test/waitlist',
      },
    };
    const widget = await rejected(provider);
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Invite only'));
    expect(widget.shadow.textContent).toContain('Acme Shop is in private beta.');
    const cta = link(widget.shadow, 'Join the waitlist');
    expect(cta.href).toBe('https://acme.test/waitlist');
    expect(cta.target).toBe('_blank');
    expect(cta.rel).toContain('noopener');
  });

  it("the host's allowlistConfig overrides the app's texts", async () => {
    const widget = await rejected(new FakeProvider(), {
      allowlistConfig: { errorTitle: 'Members only', errorCtaText: 'Start over' },
    });
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Members only'));
    expect(widget.shadow.textContent).toContain('Have you been invited?');
    button(widget.shadow, 'Start over').click();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Log in or sign up'));
  });
});
