import { afterEach, describe, expect, it } from 'vitest';
import { changeLine } from '../../../src/frame/surface/texts.js';
import type { StepUpFactorWire } from '../../../src/protocol/step-up.js';
import type { VerifyView } from '../../../src/protocol/surface.js';
import { mountHarness } from './surface-support.js';

const EMAIL: StepUpFactorWire = { id: 'email', label: 'a•••@example.com' };
const PHONE: StepUpFactorWire = { id: 'phone', label: '•••• 1234' };
const TOTP: StepUpFactorWire = { id: 'totp', label: '' };

const verify = (fields: Partial<VerifyView> = {}): VerifyView => ({
  kind: 'verify',
  purpose: 'new_device',
  action: 'new_device',
  account: null,
  factors: [EMAIL, PHONE, TOTP],
  factor: null,
  sentTo: null,
  ...fields,
});

const buttons = (root: HTMLElement) => [...root.querySelectorAll('button')].map((b) => b.textContent);

afterEach(() => {
  document.body.replaceChildren();
});

describe("the surface's 'Verify it's you'", () => {
  it('says why, from the purpose, the action and the account', () => {
    const h = mountHarness();
    h.show(verify());
    expect(h.root.querySelector('h1')?.textContent).toBe("Verify it's you");
    expect(h.root.textContent).toContain('Your wallet is being loaded on this device for the first time.');
    h.show(verify({ purpose: 'mfa', action: null }));
    expect(h.root.textContent).toContain('Enter a code to continue.');

    const email = { type: 'email', label: 'new@example.com' };
    expect(changeLine('link', email)).toBe('Link email new@example.com to your account');
    expect(changeLine('unlink', { type: 'phone', label: '+15551234' })).toBe(
      'Remove phone +15551234 from your account',
    );
    expect(changeLine('link', { type: 'farcaster', label: 'Farcaster #3' })).toBe(
      'Link Farcaster #3 to your account',
    );
    expect(changeLine('unlink', { type: 'google_oauth', label: 'google alice@example.com' })).toBe(
      'Remove Google alice@example.com from your account',
    );
    expect(changeLine('update', email)).toBe('Change your email to new@example.com');
    expect(changeLine('mfa_enroll', { type: 'totp', label: 'authenticator app' })).toBe(
      'Add two-step verification (authenticator app)',
    );
    expect(changeLine('mfa_unenroll', { type: 'sms', label: '+15551234' })).toBe(
      'Remove two-step verification (SMS to +15551234)',
    );
    h.show(verify({ purpose: 'change', action: 'link', account: email }));
    expect(h.root.textContent).toContain('Link email new@example.com to your account');
  });

  it('lists the factors; picking one sends it; one not usable yet says when and sends nothing', () => {
    const h = mountHarness();
    const later = Date.UTC(2030, 0, 2, 12) / 1000;
    h.show(
      verify({
        factors: [
          EMAIL,
          { ...PHONE, available_at: later },
          TOTP,
          { id: 'sms', label: '•••• 9876', available_at: 0 },
        ],
      }),
    );
    expect(buttons(h.root)).toEqual([
      'Email a code to a•••@example.com',
      expect.stringMatching(/^Text a code to •••• 1234Usable from .*2030/),
      'Use your authenticator app',
      'Text a code to •••• 9876Not during this login',
      'Cancel',
    ]);
    // The heading has the focus: an Enter sends no code the user did not pick.
    expect(document.activeElement).toBe(h.root.querySelector('h1'));
    h.button('Email a code to a•••@example.com').click();
    h.button('Use your authenticator app').click();
    const phone = [...h.root.querySelectorAll('button')][1];
    expect(phone?.getAttribute('aria-disabled')).toBe('true');
    phone?.click();
    expect(h.port.actions()).toEqual([
      { type: 'factor', factor: 'email' },
      { type: 'factor', factor: 'totp' },
    ]);
    h.button('Cancel').click();
    expect(h.port.actions().at(-1)).toEqual({ type: 'cancel' });
  });

  it("with no factor at all, says this device cannot confirm it's you and what to do, and Close", () => {
    const h = mountHarness();
    h.show(verify({ factors: [] }));
    expect(h.root.textContent).toContain("This device cannot confirm it's you");
    expect(h.root.textContent).toContain(
      'Open your wallet where you created it, and add an email, a phone or two-step verification to your account.',
    );
    expect(buttons(h.root)).toEqual(['Close']);
    h.button('Close').click();
    expect(h.port.actions()).toEqual([{ type: 'cancel' }]);
  });

  it('a code sent: where it went, six boxes, Resend, and another way listed here', () => {
    const h = mountHarness();
    h.show(verify({ factor: 'email', sentTo: 'a•••@example.com' }));
    expect(h.root.textContent).toContain('Enter the code sent to a•••@example.com');
    const boxes = h.root.querySelectorAll('input');
    expect(boxes).toHaveLength(6);
    // The first box takes the focus (typing the code is the only thing to do here).
    expect(document.activeElement).toBe(boxes[0]);
    expect(h.root.querySelector('[role="group"]')?.getAttribute('aria-labelledby')).toBe(
      h.root.querySelector('p.strong')?.id,
    );
    h.button('Resend code').click();
    expect(h.port.actions()).toEqual([{ type: 'resend' }]);

    h.button('Use another way').click();
    expect(h.root.querySelectorAll('input')).toHaveLength(0);
    expect(buttons(h.root)).toContain('Text a code to •••• 1234');
    h.button('Back').click();
    expect(h.root.querySelectorAll('input')).toHaveLength(6);
    h.button('Use another way').click();
    h.button('Text a code to •••• 1234').click();
    expect(h.port.actions()).toEqual([{ type: 'resend' }, { type: 'factor', factor: 'phone' }]);
  });

  it('the authenticator: its own line, no Resend; a single factor: no other way', () => {
    const h = mountHarness();
    h.show(verify({ purpose: 'mfa', action: null, factors: [TOTP], factor: 'totp' }));
    expect(h.root.textContent).toContain('Enter the code from your authenticator app');
    expect(buttons(h.root)).toEqual(['Cancel']);
  });

  it('the wallet factor: the change and Approve, sent only as an approval', () => {
    const h = mountHarness();
    h.show(
      verify({
        purpose: 'change',
        action: 'unlink',
        account: { type: 'email', label: 'old@example.com' },
        factors: [{ id: 'wallet', label: '' }],
        factor: 'wallet',
      }),
    );
    expect(h.root.textContent).toContain('Remove email old@example.com from your account');
    expect(buttons(h.root)).toEqual(['Cancel', 'Approve']);
    expect(document.activeElement).toBe(h.root.querySelector('h1'));
    h.button('Approve').click();
    expect(h.port.actions()).toEqual([]);
    h.settle();
    h.button('Approve').click();
    expect(h.port.actions()).toEqual([{ type: 'approve' }]);
  });
});
