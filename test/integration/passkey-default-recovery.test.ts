/**
 * `wallet:create` with `recoveryMethod: 'passkey'` (an app whose new wallets are under the user's
 * passkey) against the real provider: the frame asks a passkey of the user's with the PRF in the
 * surface (adding one first when the user has none), and the provider stores the PasskeyBox it
 * sealed. Without a PRF output the wallet has silent recovery and the reply says why.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PasskeyBox, PasskeyView } from '../../src/protocol/passkey.js';
import { frameHost, type SurfaceUser } from './frame-host.js';
import { surfaceBrowser } from './passkey-browser.js';
import { usePasskeys } from './passkey-support.js';

const w = usePasskeys();
const openFrame = frameHost(() => w.h, { now: () => w.h.clock.now() });

// The frame asks the passkey only in a browser with WebAuthn.
beforeEach(() => {
  vi.stubGlobal('PublicKeyCredential', class PublicKeyCredential {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const storedWallet = () =>
  w.h.server.gatehouse.db.selectFrom('embedded_wallets').selectAll().executeTakeFirstOrThrow();

/** The person answering the request's one passkey view with `answer`; the view, once seen. */
function person(answer: ReturnType<typeof surfaceBrowser>) {
  const views: PasskeyView[] = [];
  const user: SurfaceUser = async (surface) => {
    const { view } = await surface.kind('passkey');
    views.push(view);
    surface.act(answer(view));
  };
  return { views, user };
}

/** Alice, logged in by email (no passkey yet), creates her wallet with 'passkey' asked. */
async function aliceCreates(answer: ReturnType<typeof surfaceBrowser>) {
  const alice = await w.h.login('alice@example.com');
  const { views, user } = person(answer);
  const data = { accessToken: alice.token, recoveryMethod: 'passkey' } as const;
  const created = await openFrame().request('wallet:create', data, { user });
  return { created, views };
}

describe("wallet:create with recoveryMethod 'passkey'", () => {
  it('a passkey user: one assertion with the PRF, the provider stores the PasskeyBox', async () => {
    const answer = surfaceBrowser(w.authenticator);
    const frame = openFrame();
    const signUp = person(answer);
    const { auth } = (await frame.request('passkey:login', { mode: 'signup' }, { user: signUp.user })).data!;
    const creating = person(answer);
    const created = await frame.request(
      'wallet:create',
      { accessToken: auth.token, recoveryMethod: 'passkey', automatic: true },
      { user: creating.user },
    );
    expect(created.error).toBeUndefined();
    expect(created.data).toEqual({ address: expect.any(String), recoveryMethod: 'passkey' });
    expect(creating.views.map((view) => [view.purpose, view.ceremony, view.prf])).toEqual([
      ['create-recovery', 'get', true],
    ]);
    const row = await storedWallet();
    expect(row.recovery_method).toBe('passkey');
    const box = JSON.parse(row.recovery) as PasskeyBox;
    const [passkey] = w.authenticator.credentials.keys();
    expect(box).toMatchObject({ kdf: 'hkdf-sha256-prf', credentialId: passkey });
  });

  it('a user without a passkey: one is made with the PRF and linked, then seals the wallet', async () => {
    const { created, views } = await aliceCreates(surfaceBrowser(w.authenticator));
    expect(created.data?.recoveryMethod).toBe('passkey');
    expect(views.map((view) => [view.purpose, view.ceremony])).toEqual([['create-recovery', 'create']]);
    const row = await storedWallet();
    expect(JSON.parse(row.recovery)).toMatchObject({ kdf: 'hkdf-sha256-prf' });
  });

  it('an authenticator without PRF: a silent-recovery wallet, and the reply says the passkey could not', async () => {
    const { created } = await aliceCreates(surfaceBrowser(w.authenticator, { prf: false }));
    expect(created.data).toEqual({
      address: expect.any(String),
      recoveryMethod: 'gatehouse',
      passkeyFallback: 'unavailable',
    });
    expect((await storedWallet()).recovery_method).toBe('gatehouse');
  });
});
