import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS, API_RETRIES } from '../../../src/protocol/index.js';
import { FakeProvider } from '../helpers/fake-provider.js';
import {
  button,
  cleanupWidget,
  dialog,
  dialogName,
  mountWidget,
  openLogin,
  submitEmail,
} from '../helpers/widget.js';

afterEach(cleanupWidget);

describe('ERROR_SCREEN when the login code could not be mailed (503 mail_delivery_failed)', () => {
  it('says so after the retries, and Try again leads back to LANDING to send it again', async () => {
    const provider = new FakeProvider();
    // The first call and every retry meet the mail outage.
    provider.failures.set(
      API_PATHS.passwordlessInit,
      Array.from({ length: API_RETRIES + 1 }, () => 'mail_delivery_failed' as const),
    );
    const widget = mountWidget(provider);
    await openLogin(widget);
    await submitEmail(widget, 'hana@example.com');

    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Something went wrong'), { timeout: 5000 });
    expect(dialog(widget.shadow)?.textContent).toContain(
      'The login code could not be sent. Please try again later.',
    );
    expect(provider.callsTo(API_PATHS.passwordlessInit)).toHaveLength(API_RETRIES + 1);

    button(widget.shadow, 'Try again').click();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Log in or sign up'));
    await submitEmail(widget, 'hana@example.com');
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Enter confirmation code'));
    expect(provider.codes.has('hana@example.com')).toBe(true);
  });
});
