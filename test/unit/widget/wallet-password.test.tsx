import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WalletPasswordUi } from '../../../src/core/wallet/embedded/ui-state.js';
import { SCREENS } from '../../../src/protocol/screens.js';
import { openWalletScreen, setWalletUi } from '../helpers/wallet-ui.js';
import { button, cleanupWidget, dialog, dialogName, textbox, type } from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

const FILE = 'acme-shop-gatehouse-wallet-recovery.txt';

const password = (over: Partial<WalletPasswordUi> = {}): Partial<WalletPasswordUi> => ({
  step: 'creating',
  automatic: false,
  password: '',
  generated: false,
  fileName: FILE,
  busy: false,
  error: null,
  ...over,
});

/** The password flow screen whose draft follows what is typed, as core's setWalletPasswordDraft does. */
async function openFlow(over: Partial<WalletPasswordUi> = {}) {
  const opened = await openWalletScreen(SCREENS.embeddedWalletPasswordUpdate, { password: password(over) });
  opened.actions.setWalletPasswordDraft.mockImplementation((value: string) =>
    setWalletUi(opened.gatehouse, { password: { password: value } }),
  );
  return opened;
}

const alert = (shadow: ShadowRoot) => shadow.querySelector('[role="alert"]')?.textContent ?? '';
const meter = (shadow: ShadowRoot) => shadow.querySelector('[role="meter"]');

describe('the recovery password flow (EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN, §4.6, §5)', () => {
  it('creating: the rules of §5, the strength meter, Continue only for a valid password', async () => {
    const { gatehouse, shadow, actions } = await openFlow();
    expect(dialogName(shadow)).toBe('Create a password');
    const field = textbox(shadow, 'Password');
    expect(field.type).toBe('password');
    await vi.waitFor(() => expect(shadow.activeElement).toBe(field));
    expect(button(shadow, 'Continue').disabled).toBe(true);
    expect(meter(shadow)).toBeNull();

    type(field, 'abc');
    await vi.waitFor(() => expect(alert(shadow)).toBe('Password must be at least 6 characters'));
    expect(meter(shadow)?.getAttribute('aria-valuetext')).toBe('Weak');
    expect(button(shadow, 'Continue').disabled).toBe(true);

    type(textbox(shadow, 'Password'), 'abc def~');
    await vi.waitFor(() => expect(alert(shadow)).toBe('Invalid characters used ( space ~ )'));
    expect(button(shadow, 'Continue').disabled).toBe(true);

    type(textbox(shadow, 'Password'), 'abcdefgh1');
    await vi.waitFor(() => expect(alert(shadow)).toBe(''));
    expect(meter(shadow)?.getAttribute('aria-valuetext')).toBe('Medium');
    expect(dialog(shadow)?.textContent).toContain('Medium');

    type(textbox(shadow, 'Password'), 'Tr0ub4dor&3-Horse!');
    await vi.waitFor(() => expect(meter(shadow)?.getAttribute('aria-valuetext')).toBe('Strong'));
    expect(button(shadow, 'Continue').disabled).toBe(false);

    // Show / hide.
    button(shadow, 'Show password').click();
    await vi.waitFor(() => expect(textbox(shadow, 'Password').type).toBe('text'));
    expect(button(shadow, 'Hide password').getAttribute('aria-pressed')).toBe('true');

    button(shadow, 'Hide password').click();
    await vi.waitFor(() => expect(textbox(shadow, 'Password').type).toBe('password'));
    button(shadow, 'Generate a password').click();
    expect(actions.generateWalletPassword).toHaveBeenCalledTimes(1);
    // A generated password is shown, so the user sees what they will have to keep.
    setWalletUi(gatehouse, { password: { password: 'Gen3rated-Pass!word', generated: true } });
    await vi.waitFor(() => expect(textbox(shadow, 'Password').type).toBe('text'));
    expect(textbox(shadow, 'Password').value).toBe('Gen3rated-Pass!word');
    button(shadow, 'Continue').click();
    expect(actions.walletPasswordNext).toHaveBeenCalledTimes(1);
    // A user-initiated flow can be cancelled.
    button(shadow, 'Cancel').click();
    expect(actions.cancelWalletPassword).toHaveBeenCalledTimes(1);
  });

  it('saving: the password, Copy with 1500 ms of feedback, the recovery file, its URL revoked after 5000 ms', async () => {
    const clipboard = { writeText: vi.fn(() => Promise.resolve()) };
    Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
    const { shadow, actions } = await openFlow({ step: 'saving', password: 'Sw0rdfish!!' });
    expect(dialogName(shadow)).toBe('Save your password');
    expect(dialog(shadow)?.textContent).toContain('Sw0rdfish!!');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    button(shadow, 'Copy').click();
    expect(clipboard.writeText).toHaveBeenCalledWith('Sw0rdfish!!');
    await vi.waitFor(() => expect(button(shadow, 'Copied')).toBeTruthy());
    expect(shadow.querySelector('[role="status"]')?.textContent).toBe('Copied');
    await vi.advanceTimersByTimeAsync(1400);
    expect(button(shadow, 'Copied')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(100);
    expect(button(shadow, 'Copy')).toBeTruthy();

    const created: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:https://shop.test/recovery';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const downloads: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, download: this.download });
    });
    button(shadow, `Download ${FILE}`).click();
    expect(create).toHaveBeenCalledTimes(1);
    expect(downloads).toEqual([{ href: 'blob:https://shop.test/recovery', download: FILE }]);
    expect(await created[0]!.text()).toContain('Sw0rdfish!!');
    await vi.advanceTimersByTimeAsync(4999);
    expect(revoke).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(revoke).toHaveBeenCalledWith('blob:https://shop.test/recovery');
    vi.useRealTimers();

    button(shadow, 'Back').click();
    expect(actions.walletPasswordBack).toHaveBeenCalledTimes(1);
    button(shadow, 'Continue').click();
    expect(actions.walletPasswordNext).toHaveBeenCalledTimes(1);
  });

  it("confirming: 'Passwords do not match' until equal; finalizing needs the checkbox; done: 'Success' and Close", async () => {
    const { gatehouse, shadow, actions } = await openFlow({ step: 'confirming', password: 'Sw0rdfish!!' });
    expect(dialogName(shadow)).toBe('Confirm your password');
    const confirm = textbox(shadow, 'Confirm password');
    await vi.waitFor(() => expect(shadow.activeElement).toBe(confirm));
    type(confirm, 'Sw0rdfish');
    await vi.waitFor(() => expect(alert(shadow)).toBe('Passwords do not match'));
    expect(button(shadow, 'Continue').disabled).toBe(true);
    type(textbox(shadow, 'Confirm password'), 'Sw0rdfish!!');
    await vi.waitFor(() => expect(button(shadow, 'Continue').disabled).toBe(false));
    expect(alert(shadow)).toBe('');
    button(shadow, 'Continue').click();
    expect(actions.walletPasswordNext).toHaveBeenCalledTimes(1);

    setWalletUi(gatehouse, { password: { step: 'finalizing' } });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Finish setting up'));
    const box = textbox(shadow, 'I understand losing my password means losing my account.');
    expect(box.type).toBe('checkbox');
    expect(button(shadow, 'Set password').disabled).toBe(true);
    box.click();
    await vi.waitFor(() => expect(button(shadow, 'Set password').disabled).toBe(false));
    button(shadow, 'Set password').click();
    expect(actions.walletPasswordNext).toHaveBeenCalledTimes(2);

    setWalletUi(gatehouse, { password: { busy: true } });
    await vi.waitFor(() =>
      expect(shadow.querySelector('[role="status"]')?.textContent).toBe('Securing your wallet…'),
    );
    expect(button(shadow, 'Set password').disabled).toBe(true);

    setWalletUi(gatehouse, { password: { busy: false, step: 'done' } });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Success'));
    // The screen's own Close (§8), beside the dialog's: focused, and it closes the modal.
    const close = [...shadow.querySelectorAll<HTMLButtonElement>('[data-screen] button')].find(
      (b) => b.textContent === 'Close',
    )!;
    await vi.waitFor(() => expect(shadow.activeElement).toBe(close));
    close.click();
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
  });

  it("done with an error: 'Something went wrong' and the error; an automatic flow has no Cancel", async () => {
    const { gatehouse, shadow } = await openFlow({ step: 'creating', automatic: true });
    expect(() => button(shadow, 'Cancel')).toThrow();
    setWalletUi(gatehouse, { password: { step: 'done', error: 'Error setting password on wallet' } });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Something went wrong'));
    expect(alert(shadow)).toBe('Error setting password on wallet');
  });
});

describe("EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN ('Secure your account')", () => {
  it('Continue begins the flow, Cancel leaves it', async () => {
    const { shadow, actions } = await openWalletScreen(SCREENS.embeddedWalletPasswordUpdateSplash);
    expect(dialogName(shadow)).toBe('Secure your account');
    await vi.waitFor(() => expect(shadow.activeElement).toBe(button(shadow, 'Continue')));
    button(shadow, 'Continue').click();
    expect(actions.beginWalletPassword).toHaveBeenCalledTimes(1);
    button(shadow, 'Cancel').click();
    expect(actions.cancelWalletPassword).toHaveBeenCalledTimes(1);
  });
});

describe('EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN with requireUserPasswordOnCreate', () => {
  it('shows the password steps first', async () => {
    const { shadow } = await openWalletScreen(SCREENS.embeddedWalletOnAccountCreate, {
      create: { status: 'idle', passwordRequired: true },
      password: password({ automatic: true }),
    });
    expect(dialogName(shadow)).toBe('Create a password');
    expect(() => button(shadow, 'Cancel')).toThrow();
  });
});
