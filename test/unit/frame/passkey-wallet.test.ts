/**
 * The wallet under a passkey: `wallet:set-recovery-passkey` seals the recovery share under the PRF
 * output of the user's passkey (linking one first, after the step-up, when the user has none), a
 * passkey without PRF is refused and leaves the wallet as it was, and a new browser opens the box
 * with the same passkey — with the step-up's own assertion when it offers the passkey factor.
 */
import { describe, expect, it } from 'vitest';
import { toFrameError } from '../../../src/frame/messaging.js';
import { linkRequest } from '../../../src/frame/passkey-link.js';
import { setRecoveryPasskey } from '../../../src/frame/passkey-recovery.js';
import { isPasskeyBox } from '../../../src/frame/passkey-shared.js';
import { PASSKEY_TEXTS } from '../../../src/frame/passkey-texts.js';
import { quietScope } from '../../../src/frame/request-scope.js';
import { createWallet } from '../../../src/frame/wallet-create.js';
import { recoverWallet } from '../../../src/frame/wallet-recover.js';
import { PASSKEY_NO_PRF_MESSAGE, type PasskeyBox } from '../../../src/protocol/passkey.js';
import { type PrfSupport, passkeyWorld, person, STEP_UP_CODE, TOKEN } from './passkey-support.js';

/** A world whose user made a (silent-recovery) wallet in its first browser. */
async function withWallet(support: PrfSupport = 'at-create') {
  const world = passkeyWorld(support);
  const first = world.browser();
  const { address } = await createWallet(first.wallet, { accessToken: TOKEN }, quietScope);
  const stored = () => world.wallets.get(address.toLowerCase());
  return { ...world, first, address, stored };
}

/** A passkey made on the authenticator beforehand (linked to the user when `linked`). */
function madeBefore(w: Awaited<ReturnType<typeof withWallet>>, linked: boolean) {
  const view = { kind: 'passkey', purpose: 'link', ceremony: 'create', prf: true, canSignUp: false } as const;
  const made = w.device.create({ ...view, options: { challenge: 'earlier' } });
  if (linked) w.state.passkeys.add(made.credential.id);
  return made;
}

/** The user gives the email code on a verify view (any factor list). */
async function emailCode(user: ReturnType<typeof person>) {
  await user.view('verify');
  user.act({ type: 'factor', factor: 'email' });
  await user.view('verify');
  user.act({ type: 'code', code: STEP_UP_CODE });
}

describe('wallet:set-recovery-passkey', () => {
  it('with a passkey linked: one assertion with the PRF, the recovery resealed under it', async () => {
    const w = await withWallet();
    const passkey = madeBefore(w, true);
    const authBefore = w.stored()?.auth.slice();
    const user = person();
    const reply = setRecoveryPasskey(w.first, { accessToken: TOKEN, address: w.address }, user.scope);
    const shown = await user.view('passkey');
    expect(shown.view).toMatchObject({ purpose: 'set-recovery', ceremony: 'get', prf: true });
    expect(shown.view.options.allowCredentials).toEqual([{ type: 'public-key', id: passkey.credential.id }]);
    user.act(w.device.get(shown.view));
    await expect(reply).resolves.toEqual({ address: w.address, recoveryMethod: 'passkey' });
    const box = w.stored()?.recovery as PasskeyBox;
    expect(w.stored()?.recoveryMethod).toBe('passkey');
    expect(isPasskeyBox(box) && box.credentialId).toBe(passkey.credential.id);
    // A new split: the old auth share is gone with the old recovery share.
    expect(w.stored()?.auth).not.toEqual(authBefore);
  });

  it('without a passkey: one is created (PRF asked), linked after the step-up, and protects the wallet', async () => {
    const w = await withWallet();
    const user = person();
    const reply = setRecoveryPasskey(w.first, { accessToken: TOKEN, address: w.address }, user.scope);
    // The user has a wallet: linking asks for the step-up first, on the same prompt.
    await emailCode(user);
    const shown = await user.view('passkey');
    expect(shown.view).toMatchObject({ purpose: 'set-recovery', ceremony: 'create', prf: true });
    user.act(w.device.create(shown.view));
    await expect(reply).resolves.toEqual({ address: w.address, recoveryMethod: 'passkey' });
    const [linked] = [...w.state.passkeys];
    expect(w.stored()?.recovery).toMatchObject({ kdf: 'hkdf-sha256-prf', credentialId: linked });
  });

  it('an authenticator that gives the PRF only on use is asked once more, for the new passkey only', async () => {
    const w = await withWallet('on-use');
    w.state.hasWallet = false;
    const user = person();
    const reply = setRecoveryPasskey(w.first, { accessToken: TOKEN, address: w.address }, user.scope);
    const created = await user.view('passkey');
    const made = w.device.create(created.view);
    user.act(made);
    const asked = await user.view('passkey');
    expect(asked.view).toMatchObject({ purpose: 'set-recovery', ceremony: 'get', prf: true });
    expect(asked.view.options.allowCredentials).toEqual([{ type: 'public-key', id: made.credential.id }]);
    user.act(w.device.get(asked.view));
    await expect(reply).resolves.toMatchObject({ recoveryMethod: 'passkey' });
  });

  it('a passkey without PRF is refused with a clear error; the wallet stays as it was', async () => {
    const w = await withWallet('none');
    w.state.hasWallet = false;
    const before = structuredClone({ ...w.stored(), devices: undefined });
    const user = person();
    const reply = setRecoveryPasskey(w.first, { accessToken: TOKEN, address: w.address }, user.scope);
    const shown = await user.view('passkey');
    user.act(w.device.create(shown.view));
    const error = await reply.catch((caught: unknown) => caught);
    expect(toFrameError(error)).toEqual({
      type: 'invalid_request_arguments',
      message: PASSKEY_NO_PRF_MESSAGE,
    });
    expect({ ...w.stored(), devices: undefined }).toEqual(before);
  });

  it('a wallet not on this browser is refused before anything is asked', async () => {
    const w = await withWallet();
    const user = person();
    const error = await setRecoveryPasskey(
      w.browser(),
      { accessToken: TOKEN, address: w.address },
      user.scope,
    ).catch((caught: unknown) => caught);
    expect(toFrameError(error).type).toBe('wallet_not_on_device');
    expect(user.announced).toEqual([]);
  });
});

/** A wallet under the user's passkey, made in its first browser. */
async function underPasskey() {
  const w = await withWallet();
  w.state.hasWallet = false;
  const setUp = person();
  const reply = setRecoveryPasskey(w.first, { accessToken: TOKEN, address: w.address }, setUp.scope);
  setUp.act(w.device.create((await setUp.view('passkey')).view));
  await reply;
  w.state.hasWallet = true;
  return w;
}

describe('a new browser recovering a passkey wallet', () => {
  it("one prompt: the step-up's passkey assertion gives the PRF that opens the box", async () => {
    const w = await underPasskey();
    const second = w.browser();
    const user = person();
    const reply = recoverWallet(
      second.wallet,
      new Map(),
      { accessToken: TOKEN, address: w.address },
      user.scope,
    );
    // The provider lists the passkey first: its view comes at once, other ways a link away.
    const shown = await user.view('passkey');
    expect(shown.view).toMatchObject({ purpose: 'step-up', ceremony: 'get', prf: true, anotherWay: true });
    user.act(w.device.get(shown.view));
    await expect(reply).resolves.toEqual({ address: w.address });
    // No second passkey view (a recover one), and the wallet now on the second browser.
    expect(user.user.latest(user.announced.at(-1)?.id ?? '')?.view).toMatchObject({ purpose: 'step-up' });
    expect(await second.wallet.store.get('app-1', w.address)).toBeInstanceOf(Uint8Array);
  });

  it("after 'Use another way' and an email step-up, the box passkey is asked in a recover view; a wrong one stays there", async () => {
    const w = await underPasskey();
    const other = madeBefore(w, false);
    const user = person();
    const reply = recoverWallet(
      w.browser().wallet,
      new Map(),
      { accessToken: TOKEN, address: w.address },
      user.scope,
    );
    expect((await user.view('passkey')).view.purpose).toBe('step-up');
    user.act({ type: 'another-way' });
    await emailCode(user);
    const shown = await user.view('passkey');
    const box = w.stored()?.recovery as PasskeyBox;
    expect(shown.view).toMatchObject({ purpose: 'recover', ceremony: 'get', prf: true });
    expect(shown.view.options).toMatchObject({
      rpId: globalThis.location.hostname,
      allowCredentials: [{ type: 'public-key', id: box.credentialId }],
      userVerification: 'required',
    });
    // Another passkey (say, the user's other provider's): its PRF output does not open the box.
    user.act(w.device.get(shown.view, other.credential.id));
    const again = await user.view('passkey');
    expect(again).toMatchObject({ error: PASSKEY_TEXTS.wrong_passkey, code: 'wrong_passkey' });
    user.act({ ...w.device.get(again.view), prf: null });
    expect(await user.view('passkey')).toMatchObject({
      error: PASSKEY_TEXTS.passkey_without_prf,
      code: 'passkey_without_prf',
    });
    user.act(w.device.get(again.view));
    await expect(reply).resolves.toEqual({ address: w.address });
  });
});

describe('passkey:link', () => {
  it('links a new passkey after the step-up of a user with a wallet, and answers the user', async () => {
    const w = await withWallet();
    const user = person();
    const reply = linkRequest(w.first, { accessToken: TOKEN }, user.scope);
    await emailCode(user);
    const shown = await user.view('passkey');
    expect(shown.view).toMatchObject({ purpose: 'link', ceremony: 'create', prf: false });
    user.act(w.device.create(shown.view));
    await expect(reply).resolves.toEqual({ user: expect.objectContaining({ id: 'u1' }) });
    expect(w.state.passkeys.size).toBe(1);
  });

  it("a user with a passkey meets the link's step-up with it (no PRF asked for a change)", async () => {
    const w = await withWallet();
    const existing = madeBefore(w, true);
    const user = person();
    const reply = linkRequest(w.first, { accessToken: TOKEN, address: w.address }, user.scope);
    const shown = await user.view('passkey');
    expect(shown.view).toMatchObject({ purpose: 'step-up', ceremony: 'get', prf: false });
    user.act(w.device.get(shown.view, existing.credential.id));
    const create = await user.view('passkey');
    expect(create.view).toMatchObject({ purpose: 'link', ceremony: 'create' });
    user.act(w.device.create(create.view));
    await expect(reply).resolves.toMatchObject({ user: { id: 'u1' } });
    expect(w.state.passkeys.size).toBe(2);
  });
});
