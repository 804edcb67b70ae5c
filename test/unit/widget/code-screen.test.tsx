import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeProvider } from '../helpers/fake-provider.js';
import {
  button,
  cleanupWidget,
  dialog,
  dialogName,
  digits,
  mountWidget,
  openLogin,
  paste,
  press,
  requestCode,
  submitEmail,
  type,
} from '../helpers/widget.js';

afterEach(cleanupWidget);

const alertText = (shadow: ShadowRoot) => shadow.querySelector('[role="alert"]')?.textContent ?? '';
const statusText = (shadow: ShadowRoot) => shadow.querySelector('[role="status"]')?.textContent ?? '';
const values = (shadow: ShadowRoot) => digits(shadow).map((box) => box.value);

function seen(name: string) {
  const events: CustomEvent[] = [];
  window.addEventListener(name, (event) => events.push(event as CustomEvent));
  return events;
}

describe('AWAITING_PASSWORDLESS_CODE', () => {
  it('has six numeric boxes named Digit 1 to Digit 6, the first with one-time-code autofill, focused', async () => {
    const widget = mountWidget();
    await openLogin(widget);
    await requestCode(widget, 'alice@example.com');
    const boxes = digits(widget.shadow);
    expect(boxes).toHaveLength(6);
    for (const box of boxes) expect(box.getAttribute('inputmode')).toBe('numeric');
    expect(boxes[0]!.getAttribute('autocomplete')).toBe('one-time-code');
    await vi.waitFor(() => expect(widget.shadow.activeElement).toBe(boxes[0]));
    expect(button(widget.shadow, 'Resend code')).toBeTruthy();
    expect(button(widget.shadow, 'Back')).toBeTruthy();
  });

  it('typing a digit moves to the next box; a letter says the code should be numeric', async () => {
    const widget = mountWidget();
    await openLogin(widget);
    await requestCode(widget, 'alice@example.com');
    const boxes = digits(widget.shadow);
    type(boxes[0]!, '1');
    expect(widget.shadow.activeElement).toBe(boxes[1]);
    type(boxes[1]!, 'x');
    await vi.waitFor(() => expect(alertText(widget.shadow)).toBe('Code should be numeric'));
    expect(boxes[1]!.value).toBe('');
    expect(widget.shadow.activeElement).toBe(boxes[1]);
    type(boxes[1]!, '2');
    await vi.waitFor(() => expect(alertText(widget.shadow)).toBe(''));
    expect(values(widget.shadow)).toEqual(['1', '2', '', '', '', '']);
    press(boxes[2]!, 'Backspace');
    await vi.waitFor(() => expect(values(widget.shadow)).toEqual(['1', '', '', '', '', '']));
    expect(widget.shadow.activeElement).toBe(boxes[1]);
  });

  it('a pasted wrong code spreads, submits itself, shows the error, then the boxes clear', async () => {
    const widget = mountWidget();
    const errors = seen('login:error');
    await openLogin(widget);
    await requestCode(widget, 'bob@example.com');
    paste(digits(widget.shadow)[0]!, ' 000 000 ');
    await vi.waitFor(() => expect(values(widget.shadow)).toEqual(['0', '0', '0', '0', '0', '0']));
    await vi.waitFor(() => expect(alertText(widget.shadow)).toBe('Invalid or expired verification code'));
    expect(widget.provider.callsTo('/api/v1/passwordless/authenticate').map((r) => r.body)).toEqual([
      { email: 'bob@example.com', code: '000000', locale: 'en' },
    ]);
    expect(errors.map((e) => e.detail)).toEqual([
      { code: 'invalid_credentials', message: 'Invalid or expired verification code' },
    ]);
    // Still showing the digits just after the failure; cleared after 1400 ms.
    expect(values(widget.shadow)).toEqual(['0', '0', '0', '0', '0', '0']);
    await vi.waitFor(() => expect(values(widget.shadow)).toEqual(['', '', '', '', '', '']), {
      timeout: 3000,
    });
    expect(widget.shadow.activeElement).toBe(digits(widget.shadow)[0]);
    expect(widget.stores.$authenticated.get()).toBe(false);
  });

  it('the right code typed digit by digit logs in, shows success, and the dialog closes after 1400 ms', async () => {
    const widget = mountWidget();
    const successes = seen('login:success');
    await openLogin(widget);
    await requestCode(widget, 'carol@example.com');
    const code = widget.provider.codes.get('carol@example.com')!;
    for (const [index, digit] of [...code].entries()) type(digits(widget.shadow)[index]!, digit);
    await vi.waitFor(() => expect(statusText(widget.shadow)).toBe('Logged in successfully'));
    expect(successes).toHaveLength(1);
    expect(successes[0]!.detail).toMatchObject({
      isNewUser: true,
      loginMethod: 'email',
      user: { email: { address: 'carol@example.com' } },
    });
    expect(widget.stores.$user.get()?.email?.address).toBe('carol@example.com');
    await expect(widget.handle.call('getAccessToken', [])).resolves.toMatch(/^ey/);
    expect(dialog(widget.shadow)).not.toBeNull();
    await vi.waitFor(() => expect(dialog(widget.shadow)).toBeNull(), { timeout: 3000 });
  });

  it("'Resend code' sends a new code to the same address", async () => {
    const widget = mountWidget();
    await openLogin(widget);
    await requestCode(widget, 'dave@example.com');
    button(widget.shadow, 'Resend code').click();
    await vi.waitFor(() => expect(statusText(widget.shadow)).toBe('A new code is on its way.'));
    expect(widget.provider.callsTo('/api/v1/passwordless/init').map((r) => r.body)).toEqual([
      { email: 'dave@example.com', locale: 'en' },
      { email: 'dave@example.com', locale: 'en' },
    ]);
  });

  it('Back returns to LANDING with the address still there', async () => {
    const widget = mountWidget();
    await openLogin(widget);
    await requestCode(widget, 'erin@example.com');
    button(widget.shadow, 'Back').click();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Log in or sign up'));
    expect(widget.shadow.querySelector('input')?.value).toBe('erin@example.com');
  });
});

describe('ERROR_SCREEN', () => {
  it('shows the §8 texts for a refused login method and its button returns to LANDING', async () => {
    const provider = new FakeProvider();
    provider.failures.set('/api/v1/passwordless/init', ['disallowed_login_method']);
    const widget = mountWidget(provider);
    await openLogin(widget);
    await submitEmail(widget, 'frank@example.com');
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Not allowed'));
    expect(dialog(widget.shadow)?.textContent).toContain('This login method is not enabled for this app.');
    button(widget.shadow, 'Try another method').click();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Log in or sign up'));
  });

  it("a rate limit says 'Too many requests. Please wait before trying again.'", async () => {
    const provider = new FakeProvider();
    provider.failures.set('/api/v1/passwordless/init', ['too_many_requests']);
    const widget = mountWidget(provider);
    await openLogin(widget);
    await submitEmail(widget, 'gina@example.com');
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Something went wrong'));
    expect(dialog(widget.shadow)?.textContent).toContain(
      'Too many requests. Please wait before trying again.',
    );
    // 'Please wait before trying again': the button does not say 'Try again'.
    button(widget.shadow, 'Back').click();
    // Back on LANDING, the address the user typed is still there.
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Log in or sign up'));
    const field = widget.shadow.querySelector<HTMLInputElement>('#gatehouse-email');
    expect(field?.value).toBe('gina@example.com');
  });
});
