import { afterEach, describe, expect, it, vi } from 'vitest';
import { SmsProvider } from '../helpers/sms-provider.js';
import {
  button,
  cleanupWidget,
  dialog,
  dialogName,
  digits,
  events,
  type MountedWidget,
  mountWidget,
  openLogin,
  requestCode,
  submitEmail,
  textbox,
  type,
} from '../helpers/widget.js';

afterEach(cleanupWidget);

async function loggedIn(): Promise<MountedWidget & { provider: SmsProvider }> {
  const widget = mountWidget(new SmsProvider());
  await openLogin(widget);
  await requestCode(widget, 'alice@example.com');
  type(digits(widget.shadow)[0]!, widget.provider.codes.get('alice@example.com')!);
  await vi.waitFor(() => expect(widget.stores.$authenticated.get()).toBe(true));
  button(widget.shadow, 'Close').click();
  await vi.waitFor(() => expect(dialog(widget.shadow)).toBeNull());
  return widget as MountedWidget & { provider: SmsProvider };
}

describe('linking from the page', () => {
  it('linkEmail() is refused with must_be_authenticated when logged out, and no modal opens', async () => {
    const widget = mountWidget(new SmsProvider());
    const failures = events('link:error');
    await widget.handle.ready;
    await expect(widget.handle.call('linkEmail', [])).rejects.toMatchObject({
      code: 'must_be_authenticated',
    });
    expect(dialog(widget.shadow)).toBeNull();
    expect(failures.at(-1)?.detail).toEqual({
      code: 'must_be_authenticated',
      message: 'User must be authenticated',
    });
  });

  it('linkPhone(): LINK_PHONE_SCREEN, the texted code, link:success and $user with the phone', async () => {
    const widget = await loggedIn();
    const linked = events('link:success');
    await widget.handle.call('linkPhone', []);
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Link your phone number'));
    await vi.waitFor(() => expect(textbox(widget.shadow, 'Phone number')).toBeTruthy(), { timeout: 5000 });
    type(textbox(widget.shadow, 'Phone number'), '2015550123');
    await vi.waitFor(() => expect(button(widget.shadow, 'Submit').disabled).toBe(false));
    button(widget.shadow, 'Submit').click();
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Enter confirmation code'));
    type(digits(widget.shadow)[0]!, widget.provider.smsCodes.get('+12015550123')!);
    await vi.waitFor(() => expect(linked).toHaveLength(1));
    expect(linked[0]?.detail).toMatchObject({
      linkMethod: 'sms',
      linkedAccount: { type: 'phone', number: '+12015550123' },
      user: { phone: { number: '+12015550123' }, email: { address: 'alice@example.com' } },
    });
    expect(widget.stores.$user.get()?.phone).toEqual({ number: '+12015550123' });
    expect(dialog(widget.shadow)?.textContent).toContain('Account linked successfully');

    const user = await widget.handle.call('unlinkPhone', ['+12015550123']);
    expect((user as { phone?: unknown }).phone).toBeUndefined();
    expect(widget.stores.$user.get()?.phone).toBeUndefined();
  });

  it('linkEmail(): a second email shows the server message on the code screen', async () => {
    const widget = await loggedIn();
    const failures = events('link:error');
    await widget.handle.call('linkEmail', []);
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Link your email'));
    await submitEmail(widget, 'second@example.com');
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Enter confirmation code'));
    type(digits(widget.shadow)[0]!, widget.provider.codes.get('second@example.com')!);
    await vi.waitFor(() =>
      expect(widget.shadow.querySelector('[role="alert"]')?.textContent).toBe(
        'User already has an account of type email linked.',
      ),
    );
    expect(failures.at(-1)?.detail.code).toBe('cannot_link_more_of_type');
  });

  it('updateEmail(): UPDATE_EMAIL_SCREEN names the current address and moves it to the new one', async () => {
    const widget = await loggedIn();
    await widget.handle.call('updateEmail', []);
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Update your email'));
    expect(dialog(widget.shadow)?.textContent).toContain('Your current email is alice@example.com');
    await submitEmail(widget, 'alice@new.example');
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Enter confirmation code'));
    type(digits(widget.shadow)[0]!, widget.provider.codes.get('alice@new.example')!);
    await vi.waitFor(() =>
      expect(widget.stores.$user.get()?.email).toEqual({ address: 'alice@new.example' }),
    );
    expect(dialog(widget.shadow)?.textContent).toContain('Email updated successfully');
  });
});
