import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD_TEXT } from '../../../src/core/errors/wallet-messages.js';
import { WALLET_TEXT } from '../../../src/core/text/wallet.js';
import type { PasswordSetView } from '../../../src/protocol/surface.js';
import { type Harness, mountHarness, PROMPT, submit, type } from './surface-support.js';

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SET: PasswordSetView = { kind: 'password-set', purpose: 'create', automatic: false };

const heading = (h: Harness) => h.root.querySelector('h1')?.textContent;
const field = (h: Harness) => h.root.querySelector<HTMLInputElement>('input.field-input')!;
const alerts = (h: Harness) =>
  [...h.root.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent).filter(Boolean);

afterEach(() => {
  document.body.replaceChildren();
});

describe('the surface password-enter view', () => {
  it('sends the password from the user submit only, and clears the field after a refusal', () => {
    const h = mountHarness();
    h.show({ kind: 'password-enter', address: ME });
    expect(heading(h)).toBe('Load your account');
    expect(h.root.textContent).toContain('Enter your recovery password to load your wallet on this device.');
    expect(h.root.querySelector('label')?.textContent).toBe('Recovery password');
    const input = field(h);
    expect(input.type).toBe('password');
    expect(document.activeElement).toBe(input);
    h.button('Show password').click();
    expect(input.type).toBe('text');
    h.button('Hide password').click();
    expect(input.type).toBe('password');

    type(input, 'hunter22');
    submit(input);
    expect(h.port.actions()).toEqual([]);
    h.trust.value = true;
    submit(input);
    expect(h.port.actions()).toEqual([{ type: 'password', password: 'hunter22' }]);

    const view = { kind: 'password-enter', address: ME } as const;
    h.show(view, { busy: true, error: null });
    expect(h.root.querySelector('[role="status"]')?.textContent).toBe(WALLET_TEXT.checkingPassword);
    expect(input.readOnly).toBe(true);
    h.show(view, { busy: false, error: 'The recovery password is not correct.' });
    expect(alerts(h)).toEqual(['The recovery password is not correct.']);
    expect(input.value).toBe('');
    // An empty field sends nothing.
    submit(input);
    expect(h.port.actions()).toHaveLength(1);
    h.button('Cancel').click();
    expect(h.port.actions().at(-1)).toEqual({ type: 'cancel' });
  });
});

describe('the surface password-set view (§4.6)', () => {
  it('walks creating → saving → confirming → finalizing, and sends the password only at the end', async () => {
    const h = mountHarness({ appName: 'My Cool App' });
    h.trust.value = true;
    h.show(SET);
    expect(heading(h)).toBe(WALLET_TEXT.creatingPasswordTitle);
    expect(h.button('Continue').getAttribute('aria-disabled')).toBe('true');
    type(field(h), 'a=b');
    expect(alerts(h)).toEqual([PASSWORD_TEXT.invalidCharacters('=')]);
    type(field(h), 'abc');
    expect(alerts(h)).toEqual([PASSWORD_TEXT.tooShort]);
    type(field(h), 'Secret-Pass-42');
    expect(alerts(h)).toEqual([]);
    expect(h.root.querySelector('[role="meter"]')?.getAttribute('aria-valuetext')).toMatch(/Medium|Strong/);
    submit(field(h));

    expect(heading(h)).toBe(WALLET_TEXT.savingTitle);
    expect(h.root.querySelector('.secret')?.textContent).toBe('Secret-Pass-42');
    h.button('Copy').click();
    await Promise.resolve();
    expect(h.copied).toEqual(['Secret-Pass-42']);
    h.button(`Download my-cool-app-gatehouse-wallet-recovery.txt`).click();
    expect(h.downloads).toEqual([
      {
        fileName: 'my-cool-app-gatehouse-wallet-recovery.txt',
        content: WALLET_TEXT.recoveryFileContent('Secret-Pass-42', 'My Cool App'),
      },
    ]);
    // The submit button's click submits the step's form.
    h.button('Continue').click();

    expect(heading(h)).toBe(WALLET_TEXT.confirmingTitle);
    type(field(h), 'Secret-Pass-4');
    expect(alerts(h)).toEqual([PASSWORD_TEXT.mismatch]);
    submit(field(h));
    expect(heading(h)).toBe(WALLET_TEXT.confirmingTitle);
    type(field(h), 'Secret-Pass-42');
    submit(field(h));

    expect(heading(h)).toBe(WALLET_TEXT.finalizingTitle);
    expect(h.root.textContent).toContain(PASSWORD_TEXT.acknowledgement);
    const setPassword = h.button('Set password');
    expect(setPassword.getAttribute('aria-disabled')).toBe('true');
    submit(setPassword);
    expect(h.port.actions()).toEqual([]);
    const box = h.root.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    box.checked = true;
    box.dispatchEvent(new Event('change'));
    expect(setPassword.getAttribute('aria-disabled')).toBe('false');
    // Not the user's: nothing sent.
    h.trust.value = false;
    submit(setPassword);
    expect(h.port.actions()).toEqual([]);
    h.trust.value = true;
    submit(setPassword);
    expect(h.port.actions()).toEqual([{ type: 'password', password: 'Secret-Pass-42' }]);

    h.show(SET, { busy: true, error: null });
    expect(h.root.querySelector('[role="status"]')?.textContent).toBe(WALLET_TEXT.securing);
    expect(setPassword.getAttribute('aria-busy')).toBe('true');
    expect(box.disabled).toBe(true);
    h.show(SET, { busy: false, error: 'An error has occurred, please try again.' });
    expect(alerts(h)).toEqual(['An error has occurred, please try again.']);
    // Still at the last step, ready to try again.
    expect(heading(h)).toBe(WALLET_TEXT.finalizingTitle);
  });

  it('goes back a step, asks the confirmation again for a new password, and generates one', () => {
    const h = mountHarness();
    h.show(SET);
    type(field(h), 'first-pass');
    submit(field(h));
    h.button('Continue').click();
    type(field(h), 'first-pass');
    submit(field(h));
    expect(heading(h)).toBe(WALLET_TEXT.finalizingTitle);
    h.button('Back').click();
    h.button('Back').click();
    h.button('Back').click();
    expect(heading(h)).toBe(WALLET_TEXT.creatingPasswordTitle);
    expect(field(h).value).toBe('first-pass');
    h.button(WALLET_TEXT.generatePassword).click();
    const generated = field(h).value;
    expect(generated).toHaveLength(20);
    expect(field(h).type).toBe('text');
    submit(field(h));
    expect(h.root.querySelector('.secret')?.textContent).toBe(generated);
    submit(h.button('Continue'));
    expect(field(h).value).toBe('');
    expect(h.port.actions()).toEqual([]);
  });

  it('has Cancel on the first step unless the widget started it, and wipes the password at the end', () => {
    const h = mountHarness();
    h.show(SET);
    h.button('Cancel').click();
    expect(h.port.actions()).toEqual([{ type: 'cancel' }]);
    type(field(h), 'Secret-Pass-42');
    h.show({ ...SET, automatic: true });
    expect([...h.root.querySelectorAll('button')].map((b) => b.textContent)).not.toContain('Cancel');
    // A new view starts over: the last one's password is gone.
    expect(field(h).value).toBe('');
    h.port.deliver({ type: 'surface:end', prompt: PROMPT });
    expect(h.root.textContent).toBe('Done');
    expect(h.root.querySelectorAll('input, button')).toHaveLength(0);
  });
});
