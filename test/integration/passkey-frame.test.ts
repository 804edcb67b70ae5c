/**
 * The wallet frame's passkey requests against the real provider: the frame asks the options,
 * shows the surface's passkey view, and sends what the person's authenticator made there. The
 * authenticator is a software one (real attestations and signatures the provider verifies); its
 * PRF output, which a browser hands only to the surface, is an HMAC of a secret of each credential.
 * A wallet sealed under a passkey is recovered on a new browser with one passkey prompt: the
 * new-device step-up's own assertion opens the box.
 */
import { describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/protocol/api.js';
import type { PasskeyView } from '../../src/protocol/passkey.js';
import { frameHost, ProfileStore, type SurfaceUser } from './frame-host.js';
import { surfaceBrowser } from './passkey-browser.js';
import { usePasskeys } from './passkey-support.js';
import { confirmByEmail } from './step-up-support.js';

const w = usePasskeys();
const openFrame = frameHost(() => w.h, { now: () => w.h.clock.now() });

describe('the wallet frame with passkeys', () => {
  it('signs up and logs in with a passkey made in the surface', async () => {
    const frame = openFrame();
    const answer = surfaceBrowser(w.authenticator);
    const seen: PasskeyView[] = [];
    const user: SurfaceUser = async (surface) => {
      const { view } = await surface.kind('passkey');
      seen.push(view);
      surface.act(answer(view));
    };
    const signup = await frame.request('passkey:login', { mode: 'signup' }, { user });
    expect(signup.error).toBeUndefined();
    const auth = signup.data?.auth as AuthResult;
    expect(auth.is_new_user).toBe(true);
    const login = await frame.request('passkey:login', {}, { user });
    expect(login.data?.auth.user.id).toBe(auth.user.id);
    expect(login.data?.auth.is_new_user).toBe(false);
    expect(seen.map((view) => [view.purpose, view.ceremony])).toEqual([
      ['signup', 'create'],
      ['login', 'get'],
    ]);
  });

  it('seals the wallet under the passkey, and a new browser recovers it with one passkey prompt', async () => {
    const answer = surfaceBrowser(w.authenticator);
    const first = openFrame();
    const oneView: SurfaceUser = async (surface) => surface.act(answer((await surface.kind('passkey')).view));
    const { auth } = (await first.request('passkey:login', { mode: 'signup' }, { user: oneView })).data!;
    const created = await first.request('wallet:create', { accessToken: auth.token });
    const address = created.data!.address;
    const set = await first.request(
      'wallet:set-recovery-passkey',
      { accessToken: auth.token, address },
      { user: oneView },
    );
    expect(set.error).toBeUndefined();
    expect(set.data).toEqual({ address, recoveryMethod: 'passkey' });

    // Another browser, a little later: a passkey login, then the wallet.
    w.h.clock.advance(5_000);
    const second = openFrame(new ProfileStore());
    const later = (await second.request('passkey:login', {}, { user: oneView })).data!.auth;
    const views: PasskeyView[] = [];
    // The provider lists the passkey first for her: the surface asks it at once.
    const recovering: SurfaceUser = async (surface) => {
      const shown = await surface.kind('passkey');
      views.push(shown.view);
      surface.act(answer(shown.view));
    };
    const recovered = await second.request(
      'wallet:recover',
      { accessToken: later.token, address },
      { user: recovering },
    );
    expect(recovered.error).toBeUndefined();
    expect(recovered.data).toEqual({ address });
    expect(views.map((view) => [view.purpose, view.prf])).toEqual([['step-up', true]]);
    // The wallet works there: a signature approved in the surface.
    const signed = await second.request('wallet:rpc', {
      accessToken: later.token,
      address,
      request: { method: 'personal_sign', params: ['0x68656c6c6f', address] },
    });
    expect(signed.data?.response.data).toMatch(/^0x[0-9a-f]{130}$/);
  });

  it('links a passkey to a user with a wallet after the step-up, met first in the same surface', async () => {
    const answer = surfaceBrowser(w.authenticator);
    const frame = openFrame();
    const alice = await w.h.login('alice@example.com');
    const { address } = (await frame.request('wallet:create', { accessToken: alice.token })).data!;
    // She confirms by email before the ceremony; the link spends that approval.
    const user = confirmByEmail(w.h, 'alice@example.com', async (surface) => {
      const { view } = await surface.kind('passkey');
      expect(view).toMatchObject({ purpose: 'link', ceremony: 'create', prf: false });
      surface.act(answer(view));
    });
    const linked = await frame.request('passkey:link', { accessToken: alice.token, address }, { user });
    expect(linked.error).toBeUndefined();
    const accounts = linked.data?.user.linked_accounts.map((account) => account.type);
    expect(accounts).toContain('passkey');
  });
});
