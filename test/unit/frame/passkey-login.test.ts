/**
 * `passkey:login` in the wallet frame: the provider's options shown in the surface's passkey view,
 * the credential the person's authenticator gave sent back, the AuthResult the reply; 'Create a
 * passkey' (or `mode: 'signup'`) signs up instead; a refusal stays in the view for another try,
 * and Cancel rejects the request.
 */
import { describe, expect, it, vi } from 'vitest';
import { toFrameError } from '../../../src/frame/messaging.js';
import { passkeyLogin } from '../../../src/frame/passkey-login.js';
import { WalletApiError } from '../../../src/frame/provider-call.js';
import { PASSKEY_ERRORS } from '../../../src/protocol/passkey.js';
import { passkeyWorld, person } from './passkey-support.js';

describe('passkey:login', () => {
  it('logs in with a passkey the authenticator has', async () => {
    const world = passkeyWorld();
    const { scope, view, act } = person();
    world.state.passkeys.add('known');
    world.device.secrets.set('known', Buffer.alloc(32, 1));
    const loginInit = vi.spyOn(world.api, 'loginInit');
    const reply = passkeyLogin(world.api, { captchaToken: 'turnstile-token' }, scope);
    const shown = await view('passkey');
    expect(shown.view).toMatchObject({ purpose: 'login', ceremony: 'get', prf: false, canSignUp: true });
    expect(loginInit).toHaveBeenCalledWith({ token: 'turnstile-token' });
    act(world.device.get(shown.view, 'known'));
    await expect(reply).resolves.toEqual({
      auth: {
        user: expect.objectContaining({ id: 'u1' }),
        token: 'new-token',
        refresh_token: 'r',
        is_new_user: false,
      },
    });
  });

  it("shows the provider's refusal in the view; the next try gets a fresh challenge", async () => {
    const world = passkeyWorld();
    const { scope, view, act } = person();
    const reply = passkeyLogin(world.api, {}, scope);
    const first = await view('passkey');
    // A passkey of another provider: not known here.
    act({
      ...world.device.get(first.view),
      credential: { ...world.device.get(first.view).credential, id: 'stranger' },
    });
    const again = await view('passkey');
    expect(again.error).toBe(PASSKEY_ERRORS.unknownCredential.message);
    expect(again.view.options.challenge).not.toBe(first.view.options.challenge);
    // No passkey yet: 'Create a passkey' there signs up.
    act({ type: 'signup' });
    const signup = await view('passkey');
    expect(signup.view).toMatchObject({
      purpose: 'signup',
      ceremony: 'create',
      prf: false,
      canSignUp: false,
    });
    expect(signup.error).toBeNull();
    act(world.device.create(signup.view));
    await expect(reply).resolves.toMatchObject({ auth: { token: 'new-token', is_new_user: true } });
    expect(world.state.passkeys.size).toBe(1);
  });

  it('spends the captcha token once: later options name the previous challenge', async () => {
    const world = passkeyWorld();
    const { scope, view, act } = person();
    const loginInit = vi.spyOn(world.api, 'loginInit');
    const registerInit = vi.spyOn(world.api, 'registerInit');
    const reply = passkeyLogin(world.api, { captchaToken: 'turnstile-token' }, scope);
    const first = await view('passkey');
    act({
      ...world.device.get(first.view),
      credential: { ...world.device.get(first.view).credential, id: 'stranger' },
    });
    const again = await view('passkey');
    act({ type: 'signup' });
    const signup = await view('passkey');
    expect(loginInit.mock.calls).toEqual([
      [{ token: 'turnstile-token' }],
      [{ after: first.view.options.challenge }],
    ]);
    expect(registerInit).toHaveBeenCalledWith('', { after: again.view.options.challenge });
    act(world.device.create(signup.view));
    await expect(reply).resolves.toMatchObject({ auth: { is_new_user: true } });
  });

  it("mode 'signup' starts with the creation, and a refused one is tried again", async () => {
    const world = passkeyWorld();
    const { scope, view, act } = person();
    const reply = passkeyLogin(world.api, { mode: 'signup' }, scope);
    const shown = await view('passkey');
    expect(shown.view).toMatchObject({ purpose: 'signup', ceremony: 'create' });
    world.state.refuseNext = new WalletApiError(
      400,
      'invalid_passkey_challenge',
      PASSKEY_ERRORS.invalidChallenge.message,
    );
    act(world.device.create(shown.view));
    const again = await view('passkey');
    expect(again.error).toBe(PASSKEY_ERRORS.invalidChallenge.message);
    act(world.device.create(again.view));
    await expect(reply).resolves.toMatchObject({ auth: { is_new_user: true } });
  });

  it('Cancel in the surface rejects the request (user_rejected); another refusal ends it', async () => {
    const world = passkeyWorld();
    const cancelled = person();
    const reply = passkeyLogin(world.api, {}, cancelled.scope);
    await cancelled.view('passkey');
    cancelled.act({ type: 'cancel' });
    const error = await reply.catch((caught: unknown) => caught);
    expect(toFrameError(error)).toEqual({ type: 'user_rejected', message: 'The user rejected the request.' });

    const denied = person();
    const login = passkeyLogin(world.api, {}, denied.scope);
    const shown = await denied.view('passkey');
    world.state.refuseNext = new WalletApiError(403, 'allowlist_rejected', 'Not on the allowlist.');
    denied.act(world.device.get(shown.view));
    await expect(login).rejects.toMatchObject({ code: 'allowlist_rejected' });
  });
});
