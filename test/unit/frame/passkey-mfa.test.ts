/**
 * A passkey as the second factor in the frame (passkey-mfa.ts): `mfa:enroll` with method
 * 'passkey' asserts one of the user's passkeys in the surface (adding one first when the user has
 * none), and an MFA verification offers the passkey first, its proof kept in the frame.
 */
import { describe, expect, it } from 'vitest';
import { withUser } from '../../../src/frame/demands.js';
import type { MfaClient } from '../../../src/frame/mfa-client.js';
import { FrameMfa } from '../../../src/frame/mfa-service.js';
import { MfaSession } from '../../../src/frame/mfa-session.js';
import { enrollPasskeyMfa, passkeyMfaVerification } from '../../../src/frame/passkey-mfa.js';
import { WalletApiError } from '../../../src/frame/provider-call.js';
import type { PasskeyCredentialJSON } from '../../../src/protocol/passkey.js';
import { PASSKEY_ERRORS } from '../../../src/protocol/passkey.js';
import { passkeyWorld, person, TOKEN } from './passkey-support.js';

const PROOF = { proof: 'proof-1', expires_at: 2e9 };

/** The provider's `mfa/passkey/*`: what it was sent; a passkey of the user's passes. */
function mfaProvider(w: ReturnType<typeof passkeyWorld>) {
  const sent: Array<[string, string]> = [];
  const check = (name: string, credential: PasskeyCredentialJSON) => {
    sent.push([name, credential.id]);
    if (!w.state.passkeys.has(credential.id)) {
      const { code, message } = PASSKEY_ERRORS.unknownCredential;
      throw new WalletApiError(400, code, message);
    }
  };
  const user = { id: 'u1', created_at: 0, linked_accounts: [], has_accepted_terms: true };
  const client = {
    // The enrolment's challenge: refused to a user without a passkey, as the provider does.
    initPasskey: async (token: string) => {
      if (w.state.passkeys.size > 0) return w.api.verifyInit(token);
      const { code, message } = PASSKEY_ERRORS.unknownCredential;
      throw new WalletApiError(400, code, message);
    },
    enrollPasskey: async (_token: string, credential: PasskeyCredentialJSON) => {
      check('enroll', credential);
      return { user: { ...user, mfa_methods: [{ type: 'passkey', verified_at: 1 }] }, ...PROOF };
    },
    verifyPasskey: async (_token: string, credential: PasskeyCredentialJSON) => {
      check('verify', credential);
      return PROOF;
    },
  } as unknown as MfaClient;
  return { sent, client };
}

/** A world whose user has a passkey already (made on the person's authenticator). */
function withPasskey() {
  const w = passkeyWorld();
  const options = { challenge: 'c' };
  const view = { kind: 'passkey', purpose: 'link', ceremony: 'create', options, prf: false } as const;
  const made = w.device.create({ ...view, canSignUp: false });
  w.state.passkeys.add(made.credential.id);
  return { w, made };
}

function enrolment(w: ReturnType<typeof passkeyWorld>) {
  const session = new MfaSession();
  const provider = mfaProvider(w);
  const deps = { ...w.browser(), mfa: provider.client, session };
  const mfa = new FrameMfa(
    provider.client,
    session,
    deps.wallet.demands,
    undefined,
    (token, address, scope) => enrollPasskeyMfa(deps, scope, token, address),
  );
  return { mfa, session, sent: provider.sent };
}

describe('mfa:enroll passkey', () => {
  it('asserts one of the user’s passkeys in the surface; the frame keeps the proof', async () => {
    const { w, made } = withPasskey();
    const { mfa, session, sent } = enrolment(w);
    const user = person();
    const reply = mfa.enroll({ accessToken: TOKEN, method: 'passkey' }, user.scope);
    const shown = await user.view('passkey');
    expect(shown.view).toMatchObject({ purpose: 'step-up', ceremony: 'get', prf: false });
    user.act(w.device.get(shown.view));
    await expect(reply).resolves.toMatchObject({
      method: 'passkey',
      user: { mfa_methods: [{ type: 'passkey' }] },
    });
    expect(sent).toEqual([['enroll', made.credential.id]]);
    expect(session.proofFor(TOKEN)).toBe('proof-1');
  });

  it('adds a passkey first when the user has none, then asserts it', async () => {
    const w = passkeyWorld();
    const { mfa, sent } = enrolment(w);
    const user = person();
    const reply = mfa.enroll({ accessToken: TOKEN, method: 'passkey' }, user.scope);
    const create = await user.view('passkey');
    expect(create.view).toMatchObject({ purpose: 'link', ceremony: 'create' });
    user.act(w.device.create(create.view));
    const get = await user.view('passkey');
    expect(get.view).toMatchObject({ purpose: 'step-up', ceremony: 'get' });
    user.act(w.device.get(get.view));
    await expect(reply).resolves.toMatchObject({ method: 'passkey' });
    expect(w.state.passkeys.size).toBe(1);
    expect(sent).toEqual([['enroll', [...w.state.passkeys][0]]]);
  });
});

describe('an MFA verification with passkey enrolled', () => {
  it('offers the passkey first, with another way to the codes, and keeps its proof', async () => {
    const { w } = withPasskey();
    const session = new MfaSession();
    const provider = mfaProvider(w);
    const demands = {
      ...w.browser().wallet.demands,
      session,
      mfa: provider.client,
      verifyWithPasskey: passkeyMfaVerification(w.api, provider.client),
    };
    const user = person();
    const gated = async () => {
      const proof = session.proofFor(TOKEN);
      if (proof === undefined) {
        throw new WalletApiError(403, 'missing_or_invalid_mfa', 'MFA required', {
          mfa_methods: ['totp', 'passkey'],
        });
      }
      return proof;
    };
    const done = withUser(user.scope, TOKEN, demands, gated);
    const shown = await user.view('passkey');
    expect(shown.view).toMatchObject({ purpose: 'step-up', ceremony: 'get', anotherWay: true });
    // Another user's passkey is refused there, for another try.
    user.act(w.device.get(shown.view, 'not-a-passkey-of-alice'));
    const again = await user.view('passkey');
    expect(again.error).toBe(PASSKEY_ERRORS.unknownCredential.message);
    user.act(w.device.get(again.view));
    await expect(done).resolves.toBe('proof-1');
    expect(provider.sent.map(([name]) => name)).toEqual(['verify', 'verify']);
  });

  it("'Use another way' goes back to the codes, the passkey listed first", async () => {
    const w = passkeyWorld();
    w.state.passkeys.add('p1');
    const session = new MfaSession();
    const provider = mfaProvider(w);
    const demands = {
      ...w.browser().wallet.demands,
      session,
      verifyWithPasskey: passkeyMfaVerification(w.api, provider.client),
    };
    const user = person();
    const done = withUser(user.scope, TOKEN, demands, async () => {
      throw new WalletApiError(403, 'missing_or_invalid_mfa', 'MFA required', {
        mfa_methods: ['totp', 'passkey'],
      });
    });
    await user.view('passkey');
    user.act({ type: 'another-way' });
    const verify = await user.view('verify');
    expect(verify.view).toMatchObject({ purpose: 'mfa', factor: null });
    expect(verify.view.factors.map((f) => f.id)).toEqual(['passkey', 'totp']);
    user.scope.cancel();
    await expect(done).rejects.toThrow();
  });
});
