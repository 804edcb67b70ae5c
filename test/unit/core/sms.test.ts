import { describe, expect, it, vi } from 'vitest';
import { resendCode, submitCode, submitDestination } from '../../../src/core/login/passwordless.js';
import { SCREENS } from '../../../src/protocol/index.js';
import { createClient } from '../helpers/setup.js';
import { SmsProvider } from '../helpers/sms-provider.js';

const NUMBER = '+12015550123';

function smsClient() {
  const provider = new SmsProvider();
  const client = createClient({}, provider);
  const linkEvents: Array<{ name: string; detail: unknown }> = [];
  for (const name of ['link:success', 'link:error']) {
    client.events.target.addEventListener(name, (e) =>
      linkEvents.push({ name, detail: (e as CustomEvent).detail }),
    );
  }
  return { ...client, provider, linkEvents };
}

describe('SMS login (core)', () => {
  it('texts a code to the qualified number, then logs in with it', async () => {
    const { gatehouse, provider, events } = smsClient();
    await gatehouse.call('login', []);
    await submitDestination(gatehouse.ctx, 'sms', NUMBER);
    expect(provider.callsTo('/api/v1/passwordless_sms/init').map((r) => r.body)).toEqual([
      { phoneNumber: NUMBER, locale: 'en' },
    ]);
    expect(gatehouse.ctx.modal.$modal.get().screen).toBe(SCREENS.awaitingPasswordlessCode);
    expect(gatehouse.ctx.modal.$flow.get()).toMatchObject({
      channel: 'sms',
      phoneNumber: NUMBER,
      intent: 'login',
    });

    expect(await submitCode(gatehouse.ctx, provider.smsCodes.get(NUMBER)!)).toBe(true);
    expect(gatehouse.ctx.stores.$user.get()?.phone).toEqual({ number: NUMBER });
    expect(gatehouse.ctx.stores.$authenticated.get()).toBe(true);
    expect(events.seen.find((e) => e.name === 'login:success')?.detail).toMatchObject({
      isNewUser: true,
      loginMethod: 'sms',
    });
  });

  it('refuses what is not a qualified number without calling the API', async () => {
    const { gatehouse, provider } = smsClient();
    await gatehouse.call('login', []);
    const refusal = async (value: string) => {
      await submitDestination(gatehouse.ctx, 'sms', value);
      expect(gatehouse.ctx.modal.$modal.get().screen).toBe('ERROR_SCREEN');
      return gatehouse.ctx.modal.$flow.get().error?.message;
    };
    await expect(refusal('')).resolves.toBe('Phone number is required to send a code.');
    await expect(refusal('2015550123')).resolves.toBe('Please enter a valid phone number.');
    expect(provider.callsTo('/api/v1/passwordless_sms/init')).toEqual([]);
  });

  it('a wrong code stays on the code screen with the §8 text; resend texts the same number again', async () => {
    const { gatehouse, provider, events } = smsClient();
    await gatehouse.call('login', []);
    await submitDestination(gatehouse.ctx, 'sms', NUMBER);
    expect(await submitCode(gatehouse.ctx, '000000')).toBe(false);
    expect(gatehouse.ctx.modal.$flow.get().error?.code).toBe('invalid_credentials');
    expect(events.seen.at(-1)).toEqual({
      name: 'login:error',
      detail: { code: 'invalid_credentials', message: 'Invalid or expired verification code' },
    });
    await resendCode(gatehouse.ctx);
    expect(provider.callsTo('/api/v1/passwordless_sms/init')).toHaveLength(2);
    expect(gatehouse.ctx.modal.$flow.get().resent).toBe(true);
  });

  it('a Twilio failure goes to ERROR_SCREEN with its message', async () => {
    const { gatehouse, provider } = smsClient();
    // 503: the client retries three times before it gives up.
    provider.failures.set('/api/v1/passwordless_sms/init', Array(4).fill('twilio_verification_failed'));
    await gatehouse.call('login', []);
    await submitDestination(gatehouse.ctx, 'sms', NUMBER);
    expect(gatehouse.ctx.modal.$modal.get().screen).toBe(SCREENS.error);
    expect(gatehouse.ctx.modal.$flow.get().error?.code).toBe('twilio_verification_failed');
  });
});

describe('linking (core)', () => {
  async function loggedIn() {
    const client = smsClient();
    const { gatehouse, provider } = client;
    await gatehouse.call('login', []);
    await submitDestination(gatehouse.ctx, 'email', 'alice@example.com');
    await submitCode(gatehouse.ctx, provider.codes.get('alice@example.com')!);
    gatehouse.ctx.modal.close();
    return client;
  }

  it('must_be_authenticated when logged out, with link:error', async () => {
    const { gatehouse, linkEvents } = smsClient();
    await expect(gatehouse.call('linkPhone', [])).rejects.toMatchObject({
      code: 'must_be_authenticated',
      message: 'User must be authenticated',
    });
    await expect(gatehouse.call('unlinkEmail', ['a@b.co'])).rejects.toMatchObject({
      code: 'must_be_authenticated',
    });
    expect(linkEvents).toEqual([
      {
        name: 'link:error',
        detail: { code: 'must_be_authenticated', message: 'User must be authenticated' },
      },
    ]);
    expect(gatehouse.ctx.modal.isOpen).toBe(false);
  });

  it('linkPhone opens LINK_PHONE_SCREEN; the code links the number, $user updates, link:success fires', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { gatehouse, provider, linkEvents } = await loggedIn();
      await gatehouse.call('linkPhone', []);
      expect(gatehouse.ctx.modal.$modal.get()).toMatchObject({ open: true, screen: SCREENS.linkPhone });
      await submitDestination(gatehouse.ctx, 'sms', NUMBER);
      expect(await submitCode(gatehouse.ctx, provider.smsCodes.get(NUMBER)!)).toBe(true);
      const user = gatehouse.ctx.stores.$user.get();
      expect(user?.phone).toEqual({ number: NUMBER });
      expect(user?.email).toEqual({ address: 'alice@example.com' });
      expect(linkEvents).toEqual([
        {
          name: 'link:success',
          detail: {
            user,
            linkMethod: 'sms',
            linkedAccount: expect.objectContaining({ type: 'phone', number: NUMBER }),
          },
        },
      ]);
      await vi.advanceTimersByTimeAsync(1400);
      expect(gatehouse.ctx.modal.isOpen).toBe(false);

      const after = (await gatehouse.call('unlinkPhone', [NUMBER])) as { phone?: unknown };
      expect(after.phone).toBeUndefined();
      expect(gatehouse.ctx.stores.$user.get()?.phone).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a second email is refused on the code screen with the server message and link:error', async () => {
    const { gatehouse, provider, linkEvents } = await loggedIn();
    await gatehouse.call('linkEmail', []);
    expect(gatehouse.ctx.modal.$modal.get().screen).toBe(SCREENS.linkEmail);
    await submitDestination(gatehouse.ctx, 'email', 'second@example.com');
    expect(await submitCode(gatehouse.ctx, provider.codes.get('second@example.com')!)).toBe(false);
    expect(gatehouse.ctx.modal.$flow.get().error?.message).toBe(
      'User already has an account of type email linked.',
    );
    expect(linkEvents.at(-1)).toEqual({
      name: 'link:error',
      detail: {
        code: 'cannot_link_more_of_type',
        message: 'User already has an account of type email linked.',
      },
    });
  });

  it('updateEmail moves the address; without an email it is refused with the §5 text', async () => {
    const { gatehouse, provider, linkEvents } = await loggedIn();
    await gatehouse.call('updateEmail', []);
    expect(gatehouse.ctx.modal.$modal.get().screen).toBe(SCREENS.updateEmail);
    await submitDestination(gatehouse.ctx, 'email', 'alice@new.example');
    expect(await submitCode(gatehouse.ctx, provider.codes.get('alice@new.example')!)).toBe(true);
    expect(provider.callsTo('/api/v1/passwordless/update').at(-1)?.body).toEqual({
      oldAddress: 'alice@example.com',
      newAddress: 'alice@new.example',
      code: expect.any(String),
    });
    expect(gatehouse.ctx.stores.$user.get()?.email).toEqual({ address: 'alice@new.example' });
    expect(linkEvents.at(-1)?.name).toBe('link:success');

    gatehouse.ctx.modal.close();
    await gatehouse.call('linkPhone', []);
    await submitDestination(gatehouse.ctx, 'sms', NUMBER);
    await submitCode(gatehouse.ctx, provider.smsCodes.get(NUMBER)!);
    await gatehouse.call('unlinkEmail', ['alice@new.example']);
    await expect(gatehouse.call('updateEmail', [])).rejects.toThrow(
      'User is required to have an email address to update it.',
    );
  });
});

describe('leaving a link flow', () => {
  it('closing the modal before the account is linked reports exited_link_flow', async () => {
    const { gatehouse, provider, linkEvents } = smsClient();
    await gatehouse.call('login', []);
    await submitDestination(gatehouse.ctx, 'email', 'alice@example.com');
    await submitCode(gatehouse.ctx, provider.codes.get('alice@example.com')!);
    gatehouse.ctx.modal.close();
    expect(linkEvents).toEqual([]);
    await gatehouse.call('linkPhone', []);
    gatehouse.ctx.modal.close();
    expect(linkEvents).toEqual([
      {
        name: 'link:error',
        detail: { code: 'exited_link_flow', message: 'The modal was closed before the account was linked.' },
      },
    ]);
  });
});
