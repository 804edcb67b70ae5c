import { afterEach, describe, expect, it } from 'vitest';
import { EXPORT_TEXTS } from '../../../src/frame/texts.js';
import { SURFACE_MIN_VISIBLE_MS } from '../../../src/protocol/surface.js';
import { ME, mountHarness, PROMPT, THEM, transaction } from './surface-support.js';

/** The rows of the first details list, as 'label: value'. */
const rows = (root: HTMLElement, index = 0) =>
  [...(root.querySelectorAll('dl')[index]?.querySelectorAll('.row') ?? [])].map(
    (row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`,
  );

afterEach(() => {
  document.body.replaceChildren();
});

describe('the surface reviews', () => {
  it('sign-message: heading, the short signing address (full for screen readers), the message, Cancel and Sign', () => {
    const h = mountHarness();
    h.show({ kind: 'sign-message', address: ME, message: 'Hello\nworld' });
    const heading = h.root.querySelector('h1');
    expect(heading?.textContent).toBe('Sign message');
    expect(h.root.textContent).toContain('Signing this message will not cost you any fees.');
    const address = h.root.querySelector('dd .mono');
    expect(address?.getAttribute('title')).toBe(ME);
    expect(address?.querySelector('[aria-hidden="true"]')?.textContent).toBe('0xf39…2266');
    expect(address?.querySelector('.visually-hidden')?.textContent).toBe(ME);
    expect(h.root.querySelector('pre')?.textContent).toBe('Hello\nworld');
    expect([...h.root.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Cancel', 'Sign']);
    // The heading has the focus, never the approval (an Enter the host asked for approves nothing).
    expect(document.activeElement).toBe(heading);
    expect(heading?.getAttribute('tabindex')).toBe('-1');

    h.button('Cancel').click();
    expect(h.port.actions()).toEqual([{ type: 'cancel' }]);
  });

  it('sends approve only for a trusted click on a surface and button visible long enough', () => {
    const h = mountHarness();
    h.show({ kind: 'sign-message', address: ME, message: 'hi' });
    // A dispatched click is not the user's.
    h.button('Sign').click();
    h.tick(10 * SURFACE_MIN_VISIBLE_MS);
    h.button('Sign').click();
    expect(h.port.actions()).toEqual([]);
    // Trusted, visible, but not for long enough yet.
    h.trust.value = true;
    h.button('Sign').click();
    expect(h.port.actions()).toEqual([]);
    h.settle();
    h.button('Sign').click();
    expect(h.port.actions()).toEqual([{ type: 'approve' }]);
    // Once: the button waits for the frame's next state.
    h.button('Sign').click();
    expect(h.port.actions()).toEqual([{ type: 'approve' }]);
  });

  it('shows busy (a spinner label, the status) and the error (an alert) of the state', () => {
    const h = mountHarness();
    const view = { kind: 'sign-message', address: ME, message: 'hi' } as const;
    h.show(view);
    const sign = h.button('Sign');
    h.show(view, { busy: true, error: null });
    // The same view with a new state: updated, not rebuilt.
    expect(h.button('Sign')).toBe(sign);
    expect(sign.getAttribute('aria-busy')).toBe('true');
    expect(sign.getAttribute('aria-disabled')).toBe('true');
    expect(h.root.querySelector('[role="status"]')?.textContent).toBe('Signing…');
    h.settle();
    sign.click();
    expect(h.port.actions()).toEqual([]);
    h.show(view, { busy: false, error: 'User Rejected Request' });
    expect(h.root.querySelector('[role="alert"]')?.textContent).toBe('User Rejected Request');
    expect(sign.getAttribute('aria-busy')).toBe('false');
    // Usable again, and again only after the minimum time.
    sign.click();
    expect(h.port.actions()).toEqual([]);
    h.tick(SURFACE_MIN_VISIBLE_MS);
    sign.click();
    expect(h.port.actions()).toEqual([{ type: 'approve' }]);
  });

  it('sign-typed-data: the domain rows, "Message: <primaryType>" and the JSON', () => {
    const h = mountHarness();
    h.show({
      kind: 'sign-typed-data',
      address: ME,
      domain: [
        ['name', 'Ether Mail'],
        ['chainId', '1'],
      ],
      primaryType: 'Mail',
      message: '{\n  "contents": "Hello, Bob!"\n}',
    });
    expect(h.root.querySelector('h1')?.textContent).toBe('Sign message');
    expect(rows(h.root, 1)).toEqual(['name: Ether Mail', 'chainId: 1']);
    expect(h.root.textContent).toContain('Message: Mail');
    expect(h.root.querySelector('pre')?.textContent).toContain('"contents": "Hello, Bob!"');
    expect([...h.root.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Cancel', 'Sign']);
  });

  it('transaction to send: "Send ETH", its rows from the frame and the chain table, and Send', () => {
    const h = mountHarness();
    h.show(transaction());
    expect(h.root.querySelector('h1')?.textContent).toBe('Send ETH');
    expect(rows(h.root)).toEqual([
      'Network: Ethereum',
      `From: 0xf39…2266${ME}`,
      // The recipient in full, in groups of four to compare by eye; whole in its title.
      'To: 0x7099 7970 C518 12dc 3A01 0C7d 01b5 0e0d 17dc 79C8',
      'Amount: 0.5 ETH',
      'Max network fee: 0.00042 ETH',
    ]);
    expect(h.root.querySelector('.recipient')?.getAttribute('title')).toBe(THEM);
    expect([...h.root.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Cancel', 'Send']);
  });

  it('transaction calling a contract, or only to sign: "Review transaction", its data, and Sign', () => {
    const h = mountHarness();
    h.show(transaction({ intent: 'sign', chainId: 137, dataBytes: 68 }));
    expect(h.root.querySelector('h1')?.textContent).toBe('Review transaction');
    expect(rows(h.root)).toContain('Network: Polygon');
    expect(rows(h.root)).toContain('Amount: 0.5 POL');
    expect(rows(h.root)).toContain('Data: 68 bytes (calls a contract)');
    expect([...h.root.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Cancel', 'Sign']);

    h.show(transaction({ chainId: 31337, to: null, dataBytes: 1200 }));
    expect(h.root.querySelector('h1')?.textContent).toBe('Review transaction');
    expect(rows(h.root)).toContain('Network: Chain 31337');
    expect(rows(h.root)).toContain('To: New contract');
    expect(rows(h.root)).toContain('Max network fee: 0.00042 ETH');
    expect([...h.root.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Cancel', 'Send']);
  });

  it('export: the address and warning, Reveal (an approval), then the key with Copy', async () => {
    const h = mountHarness();
    h.show({ kind: 'export', address: ME, privateKey: null });
    expect(h.root.querySelector('h1')?.textContent).toBe(EXPORT_TEXTS.heading);
    expect(h.root.textContent).toContain(ME);
    expect(h.root.textContent).toContain(EXPORT_TEXTS.warning);
    h.button(EXPORT_TEXTS.reveal).click();
    expect(h.port.actions()).toEqual([]);
    h.settle();
    h.button(EXPORT_TEXTS.reveal).click();
    expect(h.port.actions()).toEqual([{ type: 'approve' }]);

    const key = `0x${'ab'.repeat(32)}`;
    h.show({ kind: 'export', address: ME, privateKey: key });
    expect(h.root.querySelector('[data-testid="private-key"]')?.textContent).toBe(key);
    h.button(EXPORT_TEXTS.copy).click();
    await Promise.resolve();
    expect(h.copied).toEqual([key]);
    await Promise.resolve();
    expect(h.button(EXPORT_TEXTS.copy).textContent).toBe('Copied');
    // Once the prompt is over, the key is gone from the page.
    h.port.deliver({ type: 'surface:end', prompt: PROMPT });
    expect(h.root.textContent).not.toContain(key);
  });
});
