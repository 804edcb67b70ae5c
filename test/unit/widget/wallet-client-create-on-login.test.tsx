/**
 * Embedded wallet creation on login over the real wallet client (createOnLogin 'all-users', with and without requireUserPasswordOnCreate).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  confirmPasswordAndFinish,
  createOnLoginProvider,
  defaultAnswer,
  embeddedWalletAccount,
  fakeFrame,
  loggedOut,
} from '../helpers/wallet-client-ui.js';
import {
  button,
  cleanupWidget,
  dialog,
  dialogName,
  digits,
  type MountedWidget,
  paste,
  requestCode,
  textbox,
  type,
} from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

describe('creation on login over the wallet client (createOnLogin all-users)', () => {
  it("a new user sees 'Creating your wallet', then 'Your wallet is ready' with the address; it closes after 2.5 s", async () => {
    // Alice as the provider holds her, once her login creates her.
    const { provider, user: alice } = createOnLoginProvider();
    let created: (() => void) | null = null;
    let letCreate = () => {};
    const creating = new Promise<void>((resolve) => {
      letCreate = resolve;
    });
    const frame = fakeFrame(async (message) => {
      if (message.type === 'wallet:create') {
        await creating;
        // The server side of the creation: the user now has the embedded wallet.
        alice().linked_accounts.push(embeddedWalletAccount(provider, 'gatehouse'));
        created?.();
      }
      return defaultAnswer(message);
    });
    const { gatehouse, shadow } = await loggedOut(provider, frame);
    const widget = { shadow } as MountedWidget;
    await gatehouse.call('login', []);
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Log in or sign up'));
    await requestCode(widget, 'alice@example.com');
    const createdAt = new Promise<number>((resolve) => {
      created = () => resolve(Date.now());
    });
    paste(digits(shadow)[0]!, provider.codes.get('alice@example.com')!);
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Creating your wallet'), { timeout: 3000 });
    letCreate();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Your wallet is ready'), { timeout: 3000 });
    const start = await createdAt;
    expect(dialog(shadow)?.textContent).toContain('0xf39…2266');
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull(), { timeout: 4000 });
    expect(Date.now() - start).toBeGreaterThanOrEqual(2400);
  });
});

describe('creation on login with requireUserPasswordOnCreate over the wallet client', () => {
  it('the password steps first (no Cancel, the dialog stays open), the wallet created with it, Success, closed after 1400 ms', async () => {
    const { provider, user: alice } = createOnLoginProvider({ require_user_password_on_create: true });
    const frame = fakeFrame((message) => {
      if (message.type === 'wallet:create') {
        alice().linked_accounts.push(embeddedWalletAccount(provider, 'user-passcode'));
      }
      return defaultAnswer(message);
    });
    const { gatehouse, shadow } = await loggedOut(provider, frame);
    await gatehouse.call('login', []);
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Log in or sign up'));
    await requestCode({ shadow } as MountedWidget, 'alice@example.com');
    paste(digits(shadow)[0]!, provider.codes.get('alice@example.com')!);
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Create a password'), { timeout: 3000 });
    expect(() => button(shadow, 'Cancel')).toThrow();
    // The dialog's own Close does not end an automatic set-up.
    button(shadow, 'Close').click();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialogName(shadow)).toBe('Create a password');

    type(textbox(shadow, 'Password'), 'Sw0rdfish!!xy');
    await vi.waitFor(() => expect(button(shadow, 'Continue').disabled).toBe(false));
    button(shadow, 'Continue').click();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Save your password'));
    await confirmPasswordAndFinish(shadow, 'Sw0rdfish!!xy');
    const shownAt = Date.now();
    expect(frame.received.find((m) => m.type === 'wallet:create')?.data.recoveryPassword).toBe(
      'Sw0rdfish!!xy',
    );
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull(), { timeout: 3000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1300);
  });
});
