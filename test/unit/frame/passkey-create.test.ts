/**
 * `wallet:create` with `recoveryMethod: 'passkey'`: the recovery share is sealed under the PRF
 * output of the user's passkey (one is added first when the user has none) before the provider
 * stores anything; without a PRF output, without WebAuthn, or after the user's Cancel the wallet is
 * made as without it (silent recovery, or the password when asked) and the reply says why. The
 * host giving the request up ends the creation.
 */
import { describe, expect, it } from 'vitest';
import { openWithPasskey } from '../../../src/frame/passkey-box.js';
import { passkeySealer } from '../../../src/frame/passkey-create.js';
import { quietScope, type RequestScope } from '../../../src/frame/request-scope.js';
import { createWallet } from '../../../src/frame/wallet-create.js';
import { PASSKEY_PRF_INPUT, type PasskeyBox } from '../../../src/protocol/passkey.js';
import { fromB64url } from '../../../src/protocol/sealed-box.js';
import type { WalletFrameRequestData } from '../../../src/protocol/wallet-frame.js';
import { type PrfSupport, passkeyWorld, person, TOKEN } from './passkey-support.js';

const PASSKEY = { accessToken: TOKEN, recoveryMethod: 'passkey', automatic: true } as const;

/** A user (with a passkey linked already when `linked`) creating a wallet in a browser with WebAuthn. */
function creating(
  support: PrfSupport = 'at-create',
  data: WalletFrameRequestData['wallet:create'] = PASSKEY,
  webAuthn = true,
) {
  const world = passkeyWorld(support);
  const browser = world.browser();
  const user = person();
  const start = (scope: RequestScope = user.scope) =>
    createWallet(
      browser.wallet,
      data,
      scope,
      passkeySealer(browser, scope, TOKEN, () => webAuthn),
    );
  const stored = (address: string) => world.wallets.get(address.toLowerCase());
  return { ...world, browser, user, start, stored };
}

/** The PRF output the fake authenticator gives for a credential of this secret (its HMAC of PASSKEY_PRF_INPUT). */
async function prfOf(secret: Buffer): Promise<Uint8Array> {
  const { createHmac } = await import('node:crypto');
  return new Uint8Array(createHmac('sha256', secret).update(PASSKEY_PRF_INPUT).digest());
}

describe("wallet:create with 'passkey'", () => {
  it('a user with a passkey: one assertion with the PRF, the recovery share stored in its box', async () => {
    const w = creating();
    const view = {
      kind: 'passkey',
      purpose: 'signup',
      ceremony: 'create',
      prf: false,
      canSignUp: false,
    } as const;
    const signedUp = w.device.create({ ...view, options: { challenge: 'sign-up' } });
    w.state.passkeys.add(signedUp.credential.id);
    const reply = w.start();
    const shown = await w.user.view('passkey');
    expect(shown.view).toMatchObject({ purpose: 'create-recovery', ceremony: 'get', prf: true });
    expect(shown.view.options.allowCredentials).toEqual([{ type: 'public-key', id: signedUp.credential.id }]);
    w.user.act(w.device.get(shown.view));
    const { address, ...rest } = await reply;
    expect(rest).toEqual({ recoveryMethod: 'passkey' });
    const stored = w.stored(address);
    expect(stored?.recoveryMethod).toBe('passkey');
    const box = stored?.recovery as PasskeyBox;
    expect(box).toMatchObject({ kdf: 'hkdf-sha256-prf', credentialId: signedUp.credential.id });
    // The passkey's PRF output opens it: the recovery share, 2-of-3 with the auth share.
    const prf = await prfOf(w.device.secrets.get(signedUp.credential.id)!);
    await expect(openWithPasskey(box, prf, address)).resolves.toBeInstanceOf(Uint8Array);
    expect(fromB64url(box.ct).length).toBeGreaterThan(16);
  });

  it('a user without a passkey: one is created with the PRF, linked, and seals the recovery', async () => {
    const w = creating();
    const reply = w.start();
    const shown = await w.user.view('passkey');
    expect(shown.view).toMatchObject({ purpose: 'create-recovery', ceremony: 'create', prf: true });
    w.user.act(w.device.create(shown.view));
    const { address, recoveryMethod } = await reply;
    expect(recoveryMethod).toBe('passkey');
    const [linked] = [...w.state.passkeys];
    expect(w.stored(address)?.recovery).toMatchObject({ kdf: 'hkdf-sha256-prf', credentialId: linked });
  });

  it('an authenticator without PRF: silent recovery, and the reply says the passkey could not', async () => {
    const w = creating('none');
    const reply = w.start();
    w.user.act(w.device.create((await w.user.view('passkey')).view));
    const { address, ...rest } = await reply;
    expect(rest).toEqual({ recoveryMethod: 'gatehouse', passkeyFallback: 'unavailable' });
    expect(w.stored(address)?.recoveryMethod).toBe('gatehouse');
    expect(w.stored(address)?.recovery).toBeInstanceOf(Uint8Array);
  });

  it('without PRF and a password required: the password is set on the same prompt', async () => {
    const w = creating('none', { ...PASSKEY, fallback: 'user-passcode' });
    const reply = w.start();
    w.user.act(w.device.create((await w.user.view('passkey')).view));
    expect((await w.user.view('password-set')).view).toMatchObject({ purpose: 'create', automatic: true });
    w.user.act({ type: 'password', password: 'Secret-123' });
    const { address, ...rest } = await reply;
    expect(rest).toEqual({ recoveryMethod: 'user-passcode', passkeyFallback: 'unavailable' });
    expect(w.stored(address)?.recovery).toMatchObject({ kdf: expect.not.stringMatching(/prf/) });
    // One prompt: the host is told of its new kind of view, not of another request's.
    expect(new Set(w.user.announced.map((prompt) => prompt.id)).size).toBe(1);
  });

  it("the user's Cancel on the passkey view: silent recovery, the passkey skipped", async () => {
    const w = creating();
    const reply = w.start();
    await w.user.view('passkey');
    w.user.act({ type: 'cancel' });
    const { address, ...rest } = await reply;
    expect(rest).toEqual({ recoveryMethod: 'gatehouse', passkeyFallback: 'skipped' });
    expect(w.stored(address)?.recoveryMethod).toBe('gatehouse');
    expect(w.state.passkeys.size).toBe(0);
  });

  it("the user's Cancel with a password required: the password is set in a new prompt", async () => {
    const w = creating('at-create', { ...PASSKEY, fallback: 'user-passcode' });
    const reply = w.start();
    await w.user.view('passkey');
    w.user.act({ type: 'cancel' });
    await w.user.view('password-set');
    w.user.act({ type: 'password', password: 'Secret-123' });
    await expect(reply).resolves.toMatchObject({
      recoveryMethod: 'user-passcode',
      passkeyFallback: 'skipped',
    });
    expect(new Set(w.user.announced.map((prompt) => prompt.id)).size).toBe(2);
  });

  it('the host giving the request up: no wallet, nothing kept', async () => {
    const w = creating();
    const reply = w.start();
    await w.user.view('passkey');
    w.user.scope.cancel();
    await expect(reply).rejects.toThrow('The user rejected the request.');
    expect(w.wallets.size).toBe(0);
  });

  it('a browser without WebAuthn: nothing is asked, silent recovery, unavailable', async () => {
    const w = creating('at-create', PASSKEY, false);
    const { address, ...rest } = await w.start();
    expect(rest).toEqual({ recoveryMethod: 'gatehouse', passkeyFallback: 'unavailable' });
    expect(w.user.announced).toEqual([]);
    expect(w.stored(address)?.recoveryMethod).toBe('gatehouse');
  });

  it('a frame without the passkey endpoints makes it as without the passkey, and says so', async () => {
    const w = passkeyWorld();
    const reply = await createWallet(w.browser().wallet, PASSKEY, quietScope);
    expect(reply).toMatchObject({ recoveryMethod: 'gatehouse', passkeyFallback: 'unavailable' });
  });
});
