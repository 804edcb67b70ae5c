import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CLEAR_DELAY_MS } from '../../../src/protocol/constants.js';
import type { VerifyView } from '../../../src/protocol/surface.js';
import { mountHarness, type } from './surface-support.js';

const verify: VerifyView = {
  kind: 'verify',
  purpose: 'mfa',
  action: null,
  account: null,
  factors: [{ id: 'sms', label: '•••• 1234' }],
  factor: 'sms',
  sentTo: '•••• 1234',
};

const boxesOf = (root: HTMLElement) => [...root.querySelectorAll<HTMLInputElement>('input.box')];
const values = (root: HTMLElement) => boxesOf(root).map((box) => box.value);

function paste(input: HTMLInputElement, text: string) {
  const data = new DataTransfer();
  data.setData('text/plain', text);
  input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
}

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('the surface code boxes', () => {
  it('are six numeric boxes, one-time-code autofill on the first, each labelled', () => {
    const h = mountHarness();
    h.show(verify);
    const boxes = boxesOf(h.root);
    expect(boxes).toHaveLength(6);
    expect(boxes.map((box) => box.getAttribute('autocomplete'))).toEqual([
      'one-time-code',
      'off',
      'off',
      'off',
      'off',
      'off',
    ]);
    expect(boxes.every((box) => box.getAttribute('inputmode') === 'numeric')).toBe(true);
    expect(boxes.map((box) => box.getAttribute('aria-label'))).toEqual([
      'Digit 1',
      'Digit 2',
      'Digit 3',
      'Digit 4',
      'Digit 5',
      'Digit 6',
    ]);
  });

  it('submit the code once all six digits are typed, moving on box by box', () => {
    const h = mountHarness();
    h.trust.value = true;
    h.show(verify);
    const boxes = boxesOf(h.root);
    for (const [index, digit] of [...'12345'].entries()) {
      type(boxes[index]!, digit);
      expect(document.activeElement).toBe(boxes[index + 1]);
    }
    expect(h.port.actions()).toEqual([]);
    type(boxes[5]!, '6');
    expect(h.port.actions()).toEqual([{ type: 'code', code: '123456' }]);
    // Locked until the frame answers: no second submit.
    expect(boxes.every((box) => box.readOnly)).toBe(true);
    type(boxes[5]!, '7');
    expect(h.port.actions()).toHaveLength(1);
  });

  it('spread a paste (or autofill) over the boxes, and refuse what is not digits', () => {
    const h = mountHarness();
    h.trust.value = true;
    h.show(verify);
    const boxes = boxesOf(h.root);
    paste(boxes[0]!, 'ab');
    expect(h.root.querySelector('.code [role="alert"]')?.textContent).toBe('Passcode can only be numbers');
    expect(values(h.root)).toEqual(['', '', '', '', '', '']);
    paste(boxes[0]!, ' 654 321 ');
    expect(values(h.root)).toEqual([...'654321']);
    expect(h.port.actions()).toEqual([{ type: 'code', code: '654321' }]);
  });

  it('do not send a code from input the user did not make', () => {
    const h = mountHarness();
    h.show(verify);
    paste(boxesOf(h.root)[0]!, '123456');
    expect(values(h.root)).toEqual([...'123456']);
    expect(h.port.actions()).toEqual([]);
  });

  it('after a refusal: the alert, then empty boxes and the first focused ERROR_CLEAR_DELAY_MS later', () => {
    vi.useFakeTimers();
    const h = mountHarness();
    h.trust.value = true;
    h.show(verify);
    paste(boxesOf(h.root)[0]!, '111111');
    h.show(verify, { busy: true, error: null });
    expect(h.root.querySelector('[role="status"]')?.textContent).not.toBe('');
    h.show(verify, { busy: false, error: 'The code you entered is not valid' });
    expect([...h.root.querySelectorAll('[role="alert"]')].map((a) => a.textContent)).toContain(
      'The code you entered is not valid',
    );
    expect(boxesOf(h.root).every((box) => box.getAttribute('aria-invalid') === 'true')).toBe(true);
    expect(values(h.root)).toEqual([...'111111']);
    vi.advanceTimersByTime(ERROR_CLEAR_DELAY_MS);
    expect(values(h.root)).toEqual(['', '', '', '', '', '']);
    expect(document.activeElement).toBe(boxesOf(h.root)[0]);
    // Typed again: sent again.
    paste(boxesOf(h.root)[0]!, '222222');
    expect(h.port.actions()).toEqual([
      { type: 'code', code: '111111' },
      { type: 'code', code: '222222' },
    ]);
  });

  it('Backspace in an empty box clears the one before it', () => {
    const h = mountHarness();
    h.show(verify);
    const boxes = boxesOf(h.root);
    type(boxes[0]!, '4');
    type(boxes[1]!, '2');
    boxes[2]!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Backspace', bubbles: true, cancelable: true }),
    );
    expect(values(h.root)).toEqual(['4', '', '', '', '', '']);
    expect(document.activeElement).toBe(boxes[1]);
  });

  it('mfa-enroll totp: the QR code (lazy), the setup key with Copy, then the code', async () => {
    const h = mountHarness();
    h.trust.value = true;
    const authUrl = 'otpauth://totp/Gatehouse:alice?secret=JBSWY3DPEHPK3PXP&issuer=Gatehouse';
    h.show({ kind: 'mfa-enroll', method: 'totp', authUrl, secret: 'JBSWY3DPEHPK3PXP' });
    expect(h.root.querySelector('h1')?.textContent).toBe('Scan the QR code');
    await vi.waitFor(() => expect(h.root.querySelector('svg[role="img"]')).not.toBeNull());
    expect(h.root.querySelector('svg')?.getAttribute('aria-label')).toBe(
      'QR code for your authenticator app',
    );
    expect(h.root.querySelector('svg path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(h.root.textContent).toContain('Setup key: JBSWY3DPEHPK3PXP');
    h.button('Copy setup key').click();
    await Promise.resolve();
    expect(h.copied).toEqual(['JBSWY3DPEHPK3PXP']);
    expect(h.root.textContent).toContain('Enter the 6-digit code your authenticator app shows.');
    paste(boxesOf(h.root)[0]!, '123456');
    expect(h.port.actions()).toEqual([{ type: 'code', code: '123456' }]);
  });

  it('mfa-enroll sms: the number the code went to, the boxes and Resend', () => {
    const h = mountHarness();
    h.show({ kind: 'mfa-enroll', method: 'sms', phoneNumber: '+1 555 010 1234' });
    expect(h.root.querySelector('h1')?.textContent).toBe('Enter the code');
    expect(h.root.textContent).toContain('Enter the 6-digit code we sent to +1 555 010 1234');
    expect(boxesOf(h.root)).toHaveLength(6);
    h.button('Resend code').click();
    expect(h.port.actions()).toEqual([{ type: 'resend' }]);
  });
});
