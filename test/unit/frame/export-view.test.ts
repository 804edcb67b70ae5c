import { Mnemonic } from 'ethers/wallet';
import { afterEach, describe, expect, it } from 'vitest';
import { type DeviceKey, newDeviceKey } from '../../../src/frame/device-key.js';
import type { DeviceStore } from '../../../src/frame/device-store.js';
import { deviceShareKey } from '../../../src/frame/device-store.js';
import { mountExportView, readExportParams } from '../../../src/frame/export-view.js';
import { newEntropy, splitEntropy, walletFromEntropy } from '../../../src/frame/keys.js';
import { sealWithPassword } from '../../../src/frame/password-box.js';
import { EXPORT_TEXTS } from '../../../src/frame/texts.js';
import type { FetchedRecovery, WalletApi } from '../../../src/frame/wallet-api.js';
import { contrastRatio, readableOn } from '../../../src/protocol/contrast.js';

const APP = 'app-1';

async function walletWithShares() {
  const entropy = newEntropy();
  const wallet = await walletFromEntropy(entropy);
  return { wallet, phrase: Mnemonic.entropyToPhrase(entropy), shares: await splitEntropy(entropy) };
}

/** A browser profile holding `entries` (device shares), each with this browser's device key. */
function storeWith(entries: Record<string, Uint8Array> = {}, key?: DeviceKey): DeviceStore {
  const values = new Map(Object.entries(entries));
  const keys = new Map<string, DeviceKey>();
  if (key) for (const name of values.keys()) keys.set(name, key);
  return {
    get: async (appId, address) => values.get(deviceShareKey(appId, address))?.slice(),
    put: async (appId, address, share) => {
      values.set(deviceShareKey(appId, address), share.slice());
    },
    delete: async (appId, address) => {
      values.delete(deviceShareKey(appId, address));
    },
    getKey: async (appId, address) => keys.get(deviceShareKey(appId, address)),
    putKey: async (appId, address, value) => {
      keys.set(deviceShareKey(appId, address), value);
    },
    deleteKey: async (appId, address) => {
      keys.delete(deviceShareKey(appId, address));
    },
  };
}

/**
 * The provider's share releases, recording the tokens they were asked with, and the device keys
 * that signed (`devices`: their ids, in order).
 */
function apiReleasing(
  share: Uint8Array,
  tokens: string[],
  recovery?: FetchedRecovery,
  devices: string[] = [],
): WalletApi {
  const refuse = () => Promise.reject(new Error('not used by the export view'));
  return {
    create: refuse,
    reshare: refuse,
    devices: refuse,
    revokeDevice: refuse,
    recovery: async (token, _address, proofs) => {
      tokens.push(`recovery:${token}`);
      devices.push(`recovery:${proofs.device.id}`);
      if (!recovery) throw new Error('no recovery');
      return recovery.recoveryMethod === 'gatehouse'
        ? { ...recovery, share: recovery.share.slice() }
        : recovery;
    },
    authShare: async (token, _address, proofs) => {
      tokens.push(token);
      devices.push(proofs.device.id);
      return share.slice();
    },
  };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
};

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('style');
});

describe('the key export view (§2.3)', () => {
  it('reads address, width and theme colours from its query, refusing unsafe values; never a token', () => {
    const address = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
    expect(
      readExportParams(
        `?channel=c1&address=${address}&width=360&caid=c&origin=x&background=%23101010&foreground=rgb(1%2C2%2C3)&accent=red;x`,
      ),
    ).toEqual({
      address,
      width: 360,
      colours: { background: '#101010', foreground: 'rgb(1,2,3)' },
    });
    // A token in the address is not read.
    expect(readExportParams(`?token=tok&address=${address}&width=99999`)).toEqual({ address, colours: {} });
    expect(readExportParams('?address=0x123')).toBeUndefined();
  });

  it('shows the private key only after a click inside it, rebuilt from the device and auth shares', async () => {
    const { wallet, phrase, shares } = await walletWithShares();
    const tokens: string[] = [];
    const root = document.createElement('main');
    document.body.append(root);
    const key = await newDeviceKey();
    const signers: string[] = [];
    mountExportView(root, {
      appId: APP,
      params: { address: wallet.address, width: 320, colours: { accent: '#ff0000' } },
      accessToken: async () => 'access-token',
      store: storeWith({ [deviceShareKey(APP, wallet.address)]: shares.device }, key),
      api: apiReleasing(shares.auth, tokens, undefined, signers),
    });
    expect(root.textContent).toContain(wallet.address);
    expect(root.textContent).toContain(EXPORT_TEXTS.warning);
    expect(root.innerHTML).not.toContain(wallet.privateKey.slice(2));
    expect(tokens).toEqual([]);
    expect(root.style.maxWidth).toBe('320px');
    // The host's red under the view's white button text is 4.0:1: its AA shade (issue 17).
    expect(document.documentElement.style.getPropertyValue('--gh-accent')).toBe(
      readableOn('#ff0000', '#FFFFFF'),
    );
    expect(
      contrastRatio(document.documentElement.style.getPropertyValue('--gh-accent'), '#FFFFFF'),
    ).toBeGreaterThanOrEqual(4.5);

    const reveal = [...root.querySelectorAll('button')].find((b) => b.textContent === EXPORT_TEXTS.reveal);
    reveal?.click();
    await until(() => root.querySelector('[data-testid="private-key"]') !== null);
    expect(root.querySelector('[data-testid="private-key"]')?.textContent).toBe(wallet.privateKey);
    expect(tokens).toEqual(['access-token']);
    // The auth share went to this browser's own device key.
    expect(signers).toEqual([key.id]);
    expect(root.textContent).not.toContain(phrase);
  });

  it('refuses an auth share of another split', async () => {
    const { wallet, shares } = await walletWithShares();
    const other = await splitEntropy(newEntropy());
    const root = document.body.appendChild(document.createElement('main'));
    mountExportView(root, {
      appId: APP,
      params: { address: wallet.address, colours: {} },
      accessToken: async () => 't',
      store: storeWith({ [deviceShareKey(APP, wallet.address)]: shares.device }, await newDeviceKey()),
      api: apiReleasing(other.auth, []),
    });
    root.querySelector('button')?.click();
    await until(() => root.textContent?.includes(EXPORT_TEXTS.mismatch) ?? false);
    expect(root.querySelector('.error')?.textContent).toBe(EXPORT_TEXTS.mismatch);
    expect(root.querySelector('[data-testid="private-key"]')).toBeNull();

    await until(() => root.querySelector('button')?.disabled === false);
  });

  it("without a device share, rebuilds from the recovery share: silently for 'gatehouse'", async () => {
    const { wallet, shares } = await walletWithShares();
    const tokens: string[] = [];
    const signers: string[] = [];
    const root = document.body.appendChild(document.createElement('main'));
    mountExportView(root, {
      appId: APP,
      params: { address: wallet.address, colours: {} },
      accessToken: async () => 't',
      store: storeWith(),
      api: apiReleasing(
        shares.auth,
        tokens,
        { recoveryMethod: 'gatehouse', share: shares.recovery },
        signers,
      ),
    });
    root.querySelector('button')?.click();
    await until(() => root.querySelector('[data-testid="private-key"]') !== null);
    expect(root.querySelector('[data-testid="private-key"]')?.textContent).toBe(wallet.privateKey);
    expect(tokens).toEqual(['recovery:t', 't']);
    // A device key of its own, registered by the recovery, gets the auth share.
    expect(signers).toHaveLength(2);
    expect(signers[0]).toBe(`recovery:${signers[1]}`);
  });

  it("without a device share, asks for the password of a 'user-passcode' wallet and refuses a wrong one", async () => {
    const { wallet, shares } = await walletWithShares();
    const box = await sealWithPassword(shares.recovery, 'hunter22', { t: 1, m: 64, p: 1 });
    const root = document.body.appendChild(document.createElement('main'));
    const signers: string[] = [];
    mountExportView(root, {
      appId: APP,
      params: { address: wallet.address, colours: {} },
      accessToken: async () => 't',
      store: storeWith(),
      api: apiReleasing(shares.auth, [], { recoveryMethod: 'user-passcode', box }, signers),
    });
    const label = root.querySelector('label') as HTMLLabelElement;
    const input = root.querySelector('input') as HTMLInputElement;
    const reveal = root.querySelector('button') as HTMLButtonElement;
    expect(label.hidden).toBe(true);
    reveal.click();
    await until(() => !label.hidden);
    expect(label.textContent).toBe(EXPORT_TEXTS.passwordPrompt);
    expect(input.type).toBe('password');
    input.value = 'hunter23';
    reveal.click();
    await until(() => root.querySelector('.error') !== null);
    expect(root.querySelector('.error')?.textContent).toBe(EXPORT_TEXTS.wrongPassword);
    expect(root.querySelector('[data-testid="private-key"]')).toBeNull();
    expect(input.value).toBe('');
    input.value = 'hunter22';
    (root.querySelector('form') as HTMLFormElement).requestSubmit();
    await until(() => root.querySelector('[data-testid="private-key"]') !== null);
    expect(root.querySelector('[data-testid="private-key"]')?.textContent).toBe(wallet.privateKey);
    expect(root.querySelector('input')).toBeNull();
    // Every try registered the same new device key (one new device, one mail), not one per try.
    expect(new Set(signers.map((id) => id.replace('recovery:', ''))).size).toBe(1);
  });
});
