/**
 * The surface's passkey view: what it says per purpose, the ceremony run from a trusted click only
 * (navigator.credentials answered here as an authenticator would), the credential sent to the
 * frame without its PRF output, which goes apart, and a cancelled ceremony leaving the view usable.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLine } from '../../../src/frame/surface/texts.js';
import { PASSKEY_PRF_INPUT, type PasskeyView } from '../../../src/protocol/passkey.js';
import { toB64url } from '../../../src/protocol/sealed-box.js';
import { mountHarness } from './surface-support.js';

const CHALLENGE = toB64url(new Uint8Array(32).fill(7));
const PRF = new Uint8Array(32).fill(9);

const view = (fields: Partial<PasskeyView> = {}): PasskeyView => ({
  kind: 'passkey',
  purpose: 'login',
  ceremony: 'get',
  options: {
    challenge: CHALLENGE,
    rpId: 'provider.test',
    allowCredentials: [{ type: 'public-key', id: 'AQID' }],
  },
  prf: false,
  canSignUp: false,
  ...fields,
});

const buf = (...bytes: number[]) => new Uint8Array(bytes).buffer;

/** An assertion as a browser gives it: `toJSON()` carries the PRF output too, base64url. */
function assertion(prf: Uint8Array | null, withToJSON = true) {
  const outputs = prf ? { prf: { results: { first: prf.buffer.slice(0) } } } : {};
  const credential = {
    id: 'Y3JlZA',
    rawId: buf(99, 114, 101, 100),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: buf(1),
      authenticatorData: buf(2),
      signature: buf(3),
      userHandle: buf(4),
    },
    getClientExtensionResults: () => outputs,
    toJSON: () => ({
      id: 'Y3JlZA',
      rawId: 'Y3JlZA',
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: 'AQ', authenticatorData: 'Ag', signature: 'Aw', userHandle: 'BA' },
      clientExtensionResults: prf ? { prf: { results: { first: toB64url(prf) } } } : {},
    }),
  };
  if (!withToJSON) Reflect.deleteProperty(credential, 'toJSON');
  return credential;
}

function authenticator(answer: () => Promise<unknown>) {
  const get = vi.fn((_options: CredentialRequestOptions) => answer());
  const create = vi.fn((_options: CredentialCreationOptions) => answer());
  Object.defineProperty(navigator, 'credentials', { value: { get, create }, configurable: true });
  return { get, create };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.replaceChildren();
  Reflect.deleteProperty(navigator, 'credentials');
  vi.unstubAllGlobals();
});

describe('the passkey view', () => {
  // The view's code is fetched with the first passkey view the surface shows (render.ts); after
  // that, a view shows at once.
  beforeAll(async () => {
    const h = mountHarness();
    h.show(view());
    expect(h.root.querySelector('h1')).toBeNull();
    await vi.waitFor(() => expect(h.root.querySelector('h1')?.textContent).toBe('Log in with a passkey'));
    document.body.replaceChildren();
  });

  it('says what each purpose is for, with Continue with passkey beside Cancel', () => {
    const titles: Record<PasskeyView['purpose'], string> = {
      login: 'Log in with a passkey',
      signup: 'Create a passkey',
      link: 'Add a passkey',
      'step-up': 'Verify with your passkey',
      recover: 'Unlock your wallet with your passkey',
      'set-recovery': 'Protect your wallet with your passkey',
      'create-recovery': 'Protect your new wallet with your passkey',
    };
    for (const [purpose, title] of Object.entries(titles)) {
      const h = mountHarness();
      h.show(view({ purpose: purpose as PasskeyView['purpose'] }));
      expect(h.root.querySelector('h1')?.textContent).toBe(title);
      expect(document.activeElement).toBe(h.root.querySelector('h1'));
      expect([...h.root.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
        'Cancel',
        'Continue with passkey',
      ]);
      h.button('Cancel').click();
      expect(h.port.actions()).toEqual([{ type: 'cancel' }]);
    }
  });

  it('a login that may sign up offers Create a passkey; a step-up with other ways, Use another way', () => {
    const h = mountHarness();
    h.show(view({ canSignUp: true }));
    h.button('Create a passkey').click();
    expect(h.port.actions()).toEqual([{ type: 'signup' }]);
    h.show(view({ purpose: 'step-up', anotherWay: true }));
    h.button('Use another way').click();
    expect(h.port.actions()).toEqual([{ type: 'signup' }, { type: 'another-way' }]);
  });

  it('runs the ceremony only from a trusted click on a view shown long enough', async () => {
    const { get } = authenticator(async () => assertion(null));
    const h = mountHarness();
    h.show(view());
    h.button('Continue with passkey').click();
    h.trust.value = true;
    h.button('Continue with passkey').click();
    expect(get).not.toHaveBeenCalled();
    h.settle();
    h.button('Continue with passkey').click();
    expect(get).toHaveBeenCalledTimes(1);
    await flush();
    expect(h.port.actions()).toEqual([
      {
        type: 'passkey',
        credential: expect.objectContaining({ id: 'Y3JlZA', clientExtensionResults: {} }),
        prf: null,
      },
    ]);
  });

  it('asks for the PRF output, sends it apart and strips it from the credential', async () => {
    const { get } = authenticator(async () => assertion(PRF));
    const h = mountHarness();
    h.show(view({ purpose: 'recover', prf: true }));
    h.settle();
    h.button('Continue with passkey').click();
    await flush();
    const options = get.mock.calls[0]?.[0] as CredentialRequestOptions;
    const publicKey = options.publicKey as PublicKeyCredentialRequestOptions & {
      extensions: { prf: { eval: { first: Uint8Array } } };
    };
    expect(new Uint8Array(publicKey.challenge as ArrayBuffer)).toEqual(new Uint8Array(32).fill(7));
    expect(publicKey.rpId).toBe('provider.test');
    expect(publicKey.allowCredentials?.map((c) => [...new Uint8Array(c.id as ArrayBuffer)])).toEqual([
      [1, 2, 3],
    ]);
    expect(new TextDecoder().decode(publicKey.extensions.prf.eval.first)).toBe(PASSKEY_PRF_INPUT);
    const [action] = h.port.actions();
    expect(action).toEqual({
      type: 'passkey',
      credential: expect.objectContaining({ clientExtensionResults: { prf: {} } }),
      prf: toB64url(PRF),
    });
    expect(JSON.stringify((action as { credential: unknown }).credential)).not.toContain(toB64url(PRF));
  });

  it('creates with the JSON parsers when the browser has them, and builds the JSON by hand without toJSON', async () => {
    const parsed = { challenge: new Uint8Array([1]), rp: { id: 'provider.test', name: 'Acme' } };
    const parseCreationOptionsFromJSON = vi.fn(() => ({ ...parsed }));
    vi.stubGlobal('PublicKeyCredential', { parseCreationOptionsFromJSON });
    const registration = {
      ...assertion(PRF, false),
      response: { clientDataJSON: buf(1), attestationObject: buf(5, 6), getTransports: () => ['internal'] },
    };
    const { create } = authenticator(async () => registration);
    const h = mountHarness();
    const options = { challenge: CHALLENGE, user: { id: 'dXNlcg', name: 'a', displayName: 'a' } };
    h.show(view({ purpose: 'set-recovery', ceremony: 'create', prf: true, options }));
    h.settle();
    h.button('Continue with passkey').click();
    await flush();
    expect(parseCreationOptionsFromJSON).toHaveBeenCalledWith(options);
    const publicKey = create.mock.calls[0]?.[0]?.publicKey;
    expect(publicKey?.extensions).toEqual({ prf: { eval: { first: expect.any(Uint8Array) } } });
    expect(h.port.actions()).toEqual([
      {
        type: 'passkey',
        credential: {
          id: 'Y3JlZA',
          rawId: 'Y3JlZA',
          type: 'public-key',
          authenticatorAttachment: 'platform',
          response: { clientDataJSON: 'AQ', attestationObject: 'BQY', transports: ['internal'] },
          clientExtensionResults: { prf: {} },
        },
        prf: toB64url(PRF),
      },
    ]);
  });

  it('a cancelled ceremony says so, suggests a sign-up on a login, and the button works again', async () => {
    let refuse = true;
    const { get } = authenticator(async () => {
      if (refuse)
        throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
      return assertion(null);
    });
    const h = mountHarness();
    h.show(view({ canSignUp: true }));
    h.settle();
    const start = h.button('Continue with passkey');
    start.click();
    // Busy while the browser asks the user.
    expect(start.getAttribute('aria-disabled')).toBe('true');
    await flush();
    expect(h.root.querySelector('[role="alert"]')?.textContent).toBe(
      'No passkey was used. No passkey yet? Create one.',
    );
    expect(start.getAttribute('aria-disabled')).toBe('false');
    expect(h.port.actions()).toEqual([]);
    refuse = false;
    h.tick(1000);
    start.click();
    await flush();
    expect(get).toHaveBeenCalledTimes(2);
    expect(h.port.actions()).toHaveLength(1);
    expect(h.root.querySelector('[role="alert"]')?.textContent).toBe('');
  });

  it("a verification whose prompt was closed says 'Verification canceled' (§8), and the button works again", async () => {
    authenticator(async () => {
      throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
    });
    const h = mountHarness();
    h.show(view({ purpose: 'step-up', ceremony: 'get', canSignUp: false }));
    h.settle();
    const start = h.button('Continue with passkey');
    start.click();
    await flush();
    expect(h.root.querySelector('[role="alert"]')?.textContent).toBe('Verification canceled');
    expect(start.getAttribute('aria-disabled')).toBe('false');
    expect(h.port.actions()).toEqual([]);
  });

  it("shows the frame's busy state and refusal, the refusal with the button usable", () => {
    const h = mountHarness();
    const shown = view({ purpose: 'link', ceremony: 'create' });
    h.show(shown, { busy: true, error: null });
    const start = h.button('Continue with passkey');
    expect(start.getAttribute('aria-busy')).toBe('true');
    expect(h.root.querySelector('[role="status"]')?.textContent).toBe('Working…');
    h.show(shown, { busy: false, error: 'This passkey is already linked to an account.' });
    expect(h.root.querySelector('[role="alert"]')?.textContent).toBe(
      'This passkey is already linked to an account.',
    );
    expect(start.getAttribute('aria-disabled')).toBe('false');
  });

  it('the verify view offers the passkey factor and names a passkey change', () => {
    const h = mountHarness();
    h.show({
      kind: 'verify',
      purpose: 'change',
      action: 'link',
      account: { type: 'passkey', label: 'New passkey' },
      factors: [
        { id: 'passkey', label: '' },
        { id: 'email', label: 'a•••@example.com' },
      ],
      factor: null,
      sentTo: null,
    });
    expect(h.root.textContent).toContain('Link a passkey to your account');
    h.button('Use your passkey').click();
    expect(h.port.actions()).toEqual([{ type: 'factor', factor: 'passkey' }]);
    expect(changeLine('unlink', { type: 'passkey', label: 'iCloud Keychain' })).toBe(
      'Remove the passkey iCloud Keychain from your account',
    );
  });
});
