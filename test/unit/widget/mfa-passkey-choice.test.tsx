/**
 * MFA_ENROLLMENT_FLOW_SCREEN's Passkey choice (§2.3): available when the app offers it, first and
 * Recommended where the browser has WebAuthn; choosing it asks the frame for `mfa:enroll` with
 * method 'passkey' (the ceremony runs in the frame's surface).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../src/core/storage.js';
import { STORAGE_KEYS } from '../../../src/protocol/constants.js';
import { FakeProvider } from '../helpers/fake-provider.js';
import { framePeer } from '../helpers/frame-peer.js';
import { createClient } from '../helpers/setup.js';
import { mountUi } from '../helpers/wallet-client-ui.js';
import { cleanupWidget, dialog, dialogName } from '../helpers/widget.js';

afterEach(() => {
  vi.unstubAllGlobals();
  cleanupWidget();
});

async function choosing(methods: Array<'totp' | 'sms' | 'passkey'>) {
  const provider = new FakeProvider();
  provider.app = { ...provider.app, mfa_methods: methods };
  const alice = provider.createUser('alice@example.com');
  const storage = memoryStorage();
  storage.setItem(STORAGE_KEYS.refreshToken, provider.issue(alice).refresh_token);
  const asked: unknown[] = [];
  const frame = framePeer({
    handlers: {
      'mfa:enroll': async (data) => {
        asked.push(data);
        const user = { ...alice, mfa_methods: [{ type: 'passkey', verified_at: provider.now() }] };
        return { method: 'passkey', user, expiresAt: Date.now() + 60_000 };
      },
      'wallet:clear': async () => ({ cleared: true }),
    },
  });
  const { gatehouse } = createClient({ storage, walletFrame: frame.seams }, provider);
  const shadow = await mountUi(gatehouse);
  await gatehouse.call('showMfaEnrollment', []);
  await vi.waitFor(() => expect(dialogName(shadow)).toBe('Add two-step verification'), { timeout: 3000 });
  buttons(shadow)
    .find((b) => b.textContent === 'Continue')
    ?.click();
  await vi.waitFor(() => expect(dialogName(shadow)).toBe('Two-step verification'));
  return { shadow, asked, gatehouse };
}

const buttons = (shadow: ShadowRoot) => [...(dialog(shadow)?.querySelectorAll('button') ?? [])];
const methodButtons = (shadow: ShadowRoot) =>
  buttons(shadow).filter((b) => /^(Passkey|Authenticator app|SMS)/.test(b.textContent ?? ''));

describe("MFA_ENROLLMENT_FLOW_SCREEN's Passkey", () => {
  it('is first, enabled and Recommended when offered and the browser has WebAuthn; choosing it enrols in the frame', async () => {
    vi.stubGlobal('PublicKeyCredential', class {});
    const { shadow, asked, gatehouse } = await choosing(['totp', 'sms', 'passkey']);
    const [passkey, ...others] = methodButtons(shadow);
    expect(passkey?.textContent).toBe('Passkey · Recommended');
    expect(passkey?.disabled).toBe(false);
    expect(others.map((b) => b.textContent)).toEqual(['Authenticator app ', 'SMS ']);
    passkey?.click();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Two-step verification is on'));
    expect(asked).toEqual([expect.objectContaining({ method: 'passkey' })]);
    expect(gatehouse.ctx.stores.$user.get()?.mfaMethods).toEqual(['passkey']);
  });

  it("is 'Coming soon' and disabled when the app does not offer it", async () => {
    vi.stubGlobal('PublicKeyCredential', class {});
    const { shadow } = await choosing(['totp']);
    const labels = methodButtons(shadow).map((b) => [b.textContent, b.disabled]);
    expect(labels).toEqual([
      ['Authenticator app · Recommended', false],
      ['Passkey · Coming soon', true],
    ]);
  });
});
