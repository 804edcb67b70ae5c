/**
 * Embedded wallet creation on login over the real wallet client (createOnLogin 'all-users', with
 * and without requireUserPasswordOnCreate: the password then set in the provider-origin surface).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOnLoginProvider, framedSurface, loggedOut, walletFrame } from '../helpers/wallet-client-ui.js';
import {
  button,
  cleanupWidget,
  dialog,
  dialogName,
  digits,
  type MountedWidget,
  paste,
  requestCode,
} from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

type Provider = ReturnType<typeof createOnLoginProvider>['provider'];

/** Logs alice in by email code over the wallet client: her first login, so the wallet is created. */
async function loginAlice(
  provider: Provider,
  frame: ReturnType<typeof walletFrame>,
  beforeCode?: () => void,
) {
  const { gatehouse, shadow } = await loggedOut(provider, frame);
  await gatehouse.call('login', []);
  await vi.waitFor(() => expect(dialogName(shadow)).toBe('Log in or sign up'));
  await requestCode({ shadow } as MountedWidget, 'alice@example.com');
  beforeCode?.();
  paste(digits(shadow)[0]!, provider.codes.get('alice@example.com')!);
  return { gatehouse, shadow };
}

describe('creation on login over the wallet client (createOnLogin all-users)', () => {
  it("a new user sees 'Creating your wallet…', then 'Your wallet is ready' with the address; it closes after 2.5 s", async () => {
    const { provider } = createOnLoginProvider();
    let created: (() => void) | null = null;
    let letCreate = () => {};
    const creating = new Promise<void>((resolve) => {
      letCreate = resolve;
    });
    // The provider stores the new wallet when the test lets it.
    const frame = walletFrame(provider, {
      provider: async (message) => {
        if (message.type !== 'wallet:create') return undefined;
        await creating;
        created?.();
        return undefined;
      },
    });
    let createdAt: Promise<number> = Promise.resolve(0);
    const { shadow } = await loginAlice(provider, frame, () => {
      createdAt = new Promise<number>((resolve) => {
        created = () => resolve(Date.now());
      });
    });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Creating your wallet…'), { timeout: 3000 });
    // Silent recovery: nothing to set, no surface.
    expect(shadow.querySelector('iframe')).toBeNull();
    letCreate();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Your wallet is ready'), { timeout: 3000 });
    const start = await createdAt;
    expect(dialog(shadow)?.textContent).toContain('0xf39…2266');
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull(), { timeout: 4000 });
    expect(Date.now() - start).toBeGreaterThanOrEqual(2400);
  });
});

describe('the created screen while the user uses it', () => {
  it('a click on Copy keeps it open past 2.5 s, until Continue', async () => {
    const { provider } = createOnLoginProvider();
    const { shadow } = await loginAlice(provider, walletFrame(provider));
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Your wallet is ready'), { timeout: 5000 });
    const copy = [...(dialog(shadow)?.querySelectorAll('button') ?? [])].find((b) =>
      /copy/i.test(b.getAttribute('aria-label') ?? b.textContent ?? ''),
    );
    expect(copy, 'the ready screen offers Copy').toBeDefined();
    copy!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    copy!.click();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(dialogName(shadow)).toBe('Your wallet is ready');
    button(shadow, 'Continue').click();
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
  });
});

describe('creation on login with requireUserPasswordOnCreate over the wallet client', () => {
  it("the password set in the surface first (no Cancel, the dialog stays open), the wallet created under it, 'Success', closed after 1400 ms", async () => {
    const { provider } = createOnLoginProvider({ require_user_password_on_create: true });
    const frame = walletFrame(provider);
    const { gatehouse, shadow } = await loginAlice(provider, frame);
    expect(await frame.surface.shows('password-set')).toEqual({
      kind: 'password-set',
      purpose: 'create',
      automatic: true,
    });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Create a password'), { timeout: 3000 });
    const surface = await vi.waitFor(() => framedSurface(shadow));
    expect(surface).toMatchObject({ title: 'Create a password', inputs: 0 });
    expect(surface.buttons).not.toContain('Cancel');
    // The dialog's own Close does not end an automatic set-up.
    button(shadow, 'Close').click();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialogName(shadow)).toBe('Create a password');

    await frame.surface.password('Sw0rdfish!!xy', 'password-set');
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Success'), { timeout: 3000 });
    const shownAt = Date.now();
    expect(frame.received.find((m) => m.type === 'wallet:create')?.data).toEqual({
      accessToken: expect.any(String),
      recoveryMethod: 'user-passcode',
      automatic: true,
    });
    expect(frame.recoveryPassword).toBe('Sw0rdfish!!xy');
    expect(gatehouse.ctx.stores.$user.get()?.wallet?.recoveryMethod).toBe('user-passcode');
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull(), { timeout: 3000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1300);
  });
});
