import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeProvider } from '../helpers/fake-provider.js';
import {
  button,
  cleanupWidget,
  dialog,
  dialogName,
  enterEmail,
  link,
  mountWidget,
  openLogin,
  press,
  textbox,
  type,
} from '../helpers/widget.js';

afterEach(cleanupWidget);

describe('LANDING', () => {
  it("is titled 'Log in or sign up' with a labelled email field and a Submit button", async () => {
    const widget = mountWidget();
    await openLogin(widget);
    const email = textbox(widget.shadow, 'Email address');
    expect(email.type).toBe('email');
    expect(email.placeholder).toBe('your@email.com');
    expect(button(widget.shadow, 'Submit').disabled).toBe(true);
  });

  it('enables Submit only for a valid address', async () => {
    const widget = mountWidget();
    await openLogin(widget);
    type(textbox(widget.shadow, 'Email address'), 'alice@');
    await vi.waitFor(() => expect(textbox(widget.shadow, 'Email address').value).toBe('alice@'));
    expect(button(widget.shadow, 'Submit').disabled).toBe(true);
    await enterEmail(widget, 'alice@example.com');
  });

  it('Enter in the field submits: the code is sent and the code screen says where', async () => {
    const widget = mountWidget();
    await openLogin(widget);
    press(await enterEmail(widget, 'alice@example.com'), 'Enter');
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Enter confirmation code'));
    expect(widget.provider.callsTo('/api/v1/passwordless/init').map((r) => r.body)).toEqual([
      { email: 'alice@example.com', locale: 'en' },
    ]);
    expect(dialog(widget.shadow)?.textContent).toContain('alice@example.com');
  });

  it('Enter with an invalid address sends nothing', async () => {
    const widget = mountWidget();
    await openLogin(widget);
    const email = textbox(widget.shadow, 'Email address');
    type(email, 'nope');
    await vi.waitFor(() => expect(email.value).toBe('nope'));
    press(email, 'Enter');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(widget.provider.callsTo('/api/v1/passwordless/init')).toEqual([]);
    expect(dialogName(widget.shadow)).toBe('Log in or sign up');
  });

  it('shows the app logo when configured', async () => {
    const provider = new FakeProvider();
    provider.app = { ...provider.app, logo_url: 'https://acme.test/logo.png' };
    const widget = mountWidget(provider);
    await openLogin(widget);
    const logo = widget.shadow.querySelector('img');
    expect(logo?.getAttribute('src')).toBe('https://acme.test/logo.png');
    expect(logo?.getAttribute('alt')).toBe('Acme Shop logo');
  });

  it("shows 'Terms' and 'Privacy Policy' links when both exist", async () => {
    const widget = mountWidget();
    await widget.handle.call('init', [
      {
        legal: {
          termsAndConditionsUrl: 'https://acme.test/terms',
          privacyPolicyUrl: 'https://acme.test/privacy',
        },
      },
    ]);
    await openLogin(widget);
    expect(dialog(widget.shadow)?.textContent).toContain(
      'By logging in I agree to the Terms and Privacy Policy',
    );
    expect(link(widget.shadow, 'Terms').href).toBe('https://acme.test/terms');
    expect(link(widget.shadow, 'Privacy Policy').href).toBe('https://acme.test/privacy');
  });

  it("shows 'By logging in I agree to the Terms of Service' with only a terms link", async () => {
    const provider = new FakeProvider();
    provider.app = { ...provider.app, terms_and_conditions_url: 'https://acme.test/terms' };
    const widget = mountWidget(provider);
    await openLogin(widget);
    expect(link(widget.shadow, 'By logging in I agree to the Terms of Service').href).toBe(
      'https://acme.test/terms',
    );
  });

  it('shows no footer when terms acceptance is required, or without links', async () => {
    const provider = new FakeProvider();
    provider.app = {
      ...provider.app,
      terms_and_conditions_url: 'https://acme.test/terms',
      require_users_accept_terms: true,
    };
    const widget = mountWidget(provider);
    await openLogin(widget);
    expect(dialog(widget.shadow)?.textContent).not.toContain('By logging in');
  });

  it('shows a loading state until the app is ready', async () => {
    let release!: () => void;
    const provider = new FakeProvider();
    provider.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const widget = mountWidget(provider);
    const opening = widget.handle.call('login', []);
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Loading'));
    release();
    await opening;
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Log in or sign up'));
  });
});
