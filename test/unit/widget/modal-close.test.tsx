import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitCode } from '../../../src/core/login/passwordless.js';
import { ModalController } from '../../../src/core/modal/modal.js';
import { AUTH_FLOW_CLEAR_DELAY_MS } from '../../../src/protocol/constants.js';
import { SCREENS } from '../../../src/protocol/screens.js';
import { createClient } from '../helpers/setup.js';
import { SmsProvider } from '../helpers/sms-provider.js';
import {
  button,
  cleanupWidget,
  dialog,
  dialogName,
  digits,
  events,
  logInByEmail,
  type MountedWidget,
  mountWidget,
  openLogin,
  requestCode,
  type,
} from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

/** Alice logs in by email; the modal stays open on its success. */
const logIn = (widget: MountedWidget) => logInByEmail(widget);

async function closeModal(widget: MountedWidget): Promise<void> {
  button(widget.shadow, 'Close').click();
  await vi.waitFor(() => expect(dialog(widget.shadow)).toBeNull());
}

describe('closing the login (§2.3, §8)', () => {
  it('mid-way: login:error exited_auth_flow, and the close handler (modal:close) hears no user', async () => {
    const widget = mountWidget(new SmsProvider());
    const errors = events('login:error');
    const closes = events('modal:close');
    await openLogin(widget);
    await requestCode(widget, 'alice@example.com');
    await closeModal(widget);
    expect(errors.map((e) => e.detail)).toEqual([
      { code: 'exited_auth_flow', message: 'The modal was closed before the login was completed.' },
    ]);
    expect(closes.map((e) => e.detail)).toEqual([{ user: null }]);
  });

  it('after the login succeeded: no exited_auth_flow; modal:close carries the logged-in user', async () => {
    const widget = mountWidget(new SmsProvider());
    const errors = events('login:error');
    const closes = events('modal:close');
    await logIn(widget);
    await closeModal(widget);
    expect(errors).toEqual([]);
    expect(closes).toHaveLength(1);
    expect(closes[0]?.detail.user.email).toEqual({ address: 'alice@example.com' });
  });

  it('a link that fails with no code of its own is link:error failed_to_link_account', async () => {
    const widget = mountWidget(new SmsProvider());
    await logIn(widget);
    await closeModal(widget);
    const failures = events('link:error');
    widget.provider.failures.set('/api/v1/passwordless/link', [500, 500, 500, 500]);
    await widget.handle.call('linkEmail', []);
    await vi.waitFor(() => expect(dialogName(widget.shadow)).toBe('Link your email'), { timeout: 3000 });
    await requestCode(widget, 'bob@example.com');
    type(digits(widget.shadow)[0]!, widget.provider.codes.get('bob@example.com')!);
    await vi.waitFor(() => expect(failures).toHaveLength(1), { timeout: 5000 });
    expect(failures[0]?.detail).toEqual({
      code: 'failed_to_link_account',
      message: 'The account could not be linked.',
    });
  });
});

describe('the login state after closing (§4.1)', () => {
  it(`is cleared ${AUTH_FLOW_CLEAR_DELAY_MS} ms after the modal closes, not before`, () => {
    vi.useFakeTimers();
    const modal = new ModalController();
    modal.open(SCREENS.awaitingPasswordlessCode, { email: 'alice@example.com', intent: 'link' });
    modal.close();
    expect(modal.$modal.get().open).toBe(false);
    vi.advanceTimersByTime(AUTH_FLOW_CLEAR_DELAY_MS - 1);
    expect(modal.$flow.get()).toMatchObject({ email: 'alice@example.com', intent: 'link' });
    vi.advanceTimersByTime(1);
    expect(modal.$flow.get()).toMatchObject({ email: null, intent: 'login' });
  });

  it('opening again within the delay starts a fresh flow that the old timer leaves alone', () => {
    vi.useFakeTimers();
    const modal = new ModalController();
    modal.open(SCREENS.landing, { email: 'alice@example.com' });
    modal.close();
    vi.advanceTimersByTime(100);
    modal.open(SCREENS.landing, { email: 'bob@example.com' });
    vi.advanceTimersByTime(AUTH_FLOW_CLEAR_DELAY_MS);
    expect(modal.$flow.get().email).toBe('bob@example.com');
  });
});

describe('a code with no flow under way (§8)', () => {
  it("is answered 'No auth flow in progress.', the alert of the code screen", async () => {
    const { gatehouse } = createClient();
    await gatehouse.ready;
    const { ctx } = gatehouse;
    // The code screen is shown, but its flow has ended (logged out elsewhere, replaced…).
    ctx.modal.open(SCREENS.awaitingPasswordlessCode);
    expect(await submitCode(ctx, '123456')).toBe(false);
    expect(ctx.modal.$flow.get().error?.message).toBe('No auth flow in progress.');
  });
});
