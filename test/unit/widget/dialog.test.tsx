import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  button,
  cleanupWidget,
  dialog,
  dialogName,
  mountWidget,
  openLogin,
  press,
  textbox,
} from '../helpers/widget.js';

afterEach(cleanupWidget);

/** A host page with its own "Log in" button, focused as a visitor would leave it. */
function hostButton(): HTMLButtonElement {
  const login = document.createElement('button');
  login.id = 'login';
  login.textContent = 'Log in';
  document.body.prepend(login);
  login.focus();
  return login;
}

describe('the modal as an accessible dialog', () => {
  it('lives in an open shadow root of #gatehouse-root, labelled by its title, modal', async () => {
    const widget = mountWidget();
    const root = document.getElementById('gatehouse-root')!;
    expect(root.parentElement).toBe(document.body);
    expect(root.shadowRoot).toBe(widget.shadow);
    const modal = await openLogin(widget);
    expect(modal.getAttribute('role')).toBe('dialog');
    expect(modal.getAttribute('aria-modal')).toBe('true');
    expect(dialogName(widget.shadow)).toBe('Log in or sign up');
  });

  it('moves focus in on open, traps Tab and Shift+Tab, and Escape closes and gives focus back', async () => {
    const login = hostButton();
    const widget = mountWidget();
    const modal = await openLogin(widget);
    const email = textbox(widget.shadow, 'Email address');
    const close = button(widget.shadow, 'Close');
    expect(widget.shadow.activeElement).toBe(email);
    // Submit is disabled (no address yet): Close and the field are the only stops.
    expect(press(email, 'Tab').defaultPrevented).toBe(true);
    expect(widget.shadow.activeElement).toBe(close);
    expect(press(close, 'Tab', { shiftKey: true }).defaultPrevented).toBe(true);
    expect(widget.shadow.activeElement).toBe(email);

    press(modal, 'Escape');
    await vi.waitFor(() => expect(dialog(widget.shadow)).toBeNull());
    expect(document.activeElement).toBe(login);
  });

  it('the Close button closes it', async () => {
    const widget = mountWidget();
    await openLogin(widget);
    button(widget.shadow, 'Close').click();
    await vi.waitFor(() => expect(dialog(widget.shadow)).toBeNull());
  });

  it('a click on the backdrop closes it; a click inside does not', async () => {
    const widget = mountWidget();
    const modal = await openLogin(widget);
    modal.click();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(dialog(widget.shadow)).not.toBeNull();
    (modal.parentElement as HTMLElement).click();
    await vi.waitFor(() => expect(dialog(widget.shadow)).toBeNull());
  });

  it('styles go into nonced style elements in the shadow root, and nothing uses a style attribute', async () => {
    const widget = mountWidget(undefined, 'n0nce');
    await openLogin(widget);
    const styles = [...widget.shadow.querySelectorAll('style')];
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) expect(style.getAttribute('nonce')).toBe('n0nce');
    expect(styles.map((s) => s.textContent).join('\n')).toContain(
      ':host{all:initial!important;display:block!important;}',
    );
    expect(widget.shadow.querySelectorAll('[style]')).toHaveLength(0);
    expect(document.head.querySelectorAll('style[data-emotion]')).toHaveLength(0);
  });

  it('renders inline in the host element named by render.inParentNodeId, without a backdrop', async () => {
    const box = document.createElement('section');
    box.id = 'login-box';
    document.body.append(box);
    const widget = mountWidget();
    await widget.handle.call('init', [{ render: { inDialog: false, inParentNodeId: 'login-box' } }]);
    await widget.handle.call('login', []);
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Log in or sign up'));
    expect(document.getElementById('gatehouse-root')?.parentElement).toBe(box);
    expect(dialog(widget.shadow)?.hasAttribute('aria-modal')).toBe(false);
    expect(widget.shadow.querySelectorAll('style').length).toBeGreaterThan(0);
  });
});
