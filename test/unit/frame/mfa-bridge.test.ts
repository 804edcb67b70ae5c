import { afterEach, describe, expect, it } from 'vitest';
import { newDeviceKey } from '../../../src/frame/device-key.js';
import { deviceShareKey } from '../../../src/frame/device-store.js';
import { mountExportView } from '../../../src/frame/export-view.js';
import { newEntropy, splitEntropy, walletFromEntropy } from '../../../src/frame/keys.js';
import { answerProofRequests, MFA_BRIDGE_CHANNEL, requestProof } from '../../../src/frame/mfa-bridge.js';
import { MfaSession } from '../../../src/frame/mfa-session.js';
import { EXPORT_TEXTS } from '../../../src/frame/texts.js';
import { type WalletApi, WalletApiError } from '../../../src/frame/wallet-api.js';

const opened: BroadcastChannel[] = [];
const channel = () => {
  const made = new BroadcastChannel(MFA_BRIDGE_CHANNEL);
  opened.push(made);
  return made;
};
afterEach(() => {
  for (const made of opened.splice(0)) made.close();
  document.body.replaceChildren();
});

const part = (value: object) => btoa(JSON.stringify(value)).replaceAll('=', '');
const token = (sid: string) => `${part({ alg: 'ES256' })}.${part({ sub: 'did:gatehouse:u', sid })}.sig`;

describe('the proof bridge between the export view and the wallet frame', () => {
  it("hands the frame's proof to a page of the same origin asking with a token of that session only", async () => {
    const session = new MfaSession();
    session.keep(token('s1'), { proof: 'the-proof', expires_at: Date.now() / 1000 + 60 });
    answerProofRequests(channel(), session);
    expect(await requestProof(channel(), token('s1'))).toBe('the-proof');
    expect(await requestProof(channel(), token('s2'), 100)).toBeUndefined();
  });

  it('goes on without a proof when no frame answers', async () => {
    const started = Date.now();
    expect(await requestProof(channel(), token('s1'), 100)).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });
});

describe('the key export view with MFA', () => {
  async function exportWith(proof: string | undefined) {
    const entropy = newEntropy();
    const wallet = await walletFromEntropy(entropy);
    const shares = await splitEntropy(entropy);
    const refuse = () => Promise.reject(new Error('not used'));
    // The provider's gate: the auth share only with the proof.
    const api: WalletApi = {
      create: refuse,
      reshare: refuse,
      recovery: refuse,
      devices: refuse,
      revokeDevice: refuse,
      authShare: async (_token, _address, { mfaProof }) => {
        if (mfaProof !== 'p') throw new WalletApiError(403, 'missing_or_invalid_mfa', 'MFA required');
        return shares.auth.slice();
      },
    };
    const root = document.createElement('main');
    document.body.append(root);
    const values = new Map([[deviceShareKey('app', wallet.address), shares.device]]);
    const key = await newDeviceKey();
    mountExportView(root, {
      appId: 'app',
      params: { address: wallet.address, colours: {} },
      accessToken: async () => 't',
      store: {
        get: async (a, b) => values.get(deviceShareKey(a, b))?.slice(),
        put: refuse,
        delete: refuse,
        getKey: async () => key,
        putKey: refuse,
        deleteKey: refuse,
      },
      api,
      mfaProof: async () => proof,
    });
    root.querySelector('button')?.click();
    for (let i = 0; i < 200 && root.querySelector('[data-testid="private-key"], .error') === null; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { root, wallet };
  }

  it("shows the key with the frame's proof", async () => {
    const { root, wallet } = await exportWith('p');
    expect(root.querySelector('[data-testid="private-key"]')?.textContent).toBe(wallet.privateKey);
  });

  it('asks for a verification first without one', async () => {
    const { root, wallet } = await exportWith(undefined);
    expect(root.querySelector('.error')?.textContent).toBe(EXPORT_TEXTS.mfaRequired);
    expect(root.innerHTML).not.toContain(wallet.privateKey.slice(2));
  });
});
