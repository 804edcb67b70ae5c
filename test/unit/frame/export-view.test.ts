import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceShareStore } from '../../../src/frame/device-store.js';
import { deviceShareKey } from '../../../src/frame/device-store.js';
import { mountExportView, readExportParams } from '../../../src/frame/export-view.js';
import { newEntropy, splitEntropy, walletFromEntropy } from '../../../src/frame/keys.js';
import { EXPORT_TEXTS } from '../../../src/frame/texts.js';
import type { WalletApi } from '../../../src/frame/wallet-api.js';

const APP = 'app-1';

async function walletWithShares() {
  const entropy = newEntropy();
  const wallet = walletFromEntropy(entropy);
  return { wallet, shares: await splitEntropy(entropy) };
}

function storeWith(entries: Record<string, Uint8Array> = {}): DeviceShareStore {
  const values = new Map(Object.entries(entries));
  return {
    get: async (appId, address) => values.get(deviceShareKey(appId, address))?.slice(),
    put: async (appId, address, share) => {
      values.set(deviceShareKey(appId, address), share.slice());
    },
    delete: async (appId, address) => {
      values.delete(deviceShareKey(appId, address));
    },
  };
}

/** The provider's auth-share release, recording the tokens it was asked with. */
function apiReleasing(share: Uint8Array, tokens: string[]): WalletApi {
  const refuse = () => Promise.reject(new Error('not used by the export view'));
  return {
    create: refuse,
    reshare: refuse,
    recovery: refuse,
    authShare: async (token) => {
      tokens.push(token);
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
  it('reads token, address, width and theme colours from its query, refusing unsafe values', () => {
    const address = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
    expect(
      readExportParams(
        `?token=tok&address=${address}&width=360&caid=c&origin=x&background=%23101010&foreground=rgb(1%2C2%2C3)&accent=red;x`,
      ),
    ).toEqual({
      token: 'tok',
      address,
      width: 360,
      colours: { background: '#101010', foreground: 'rgb(1,2,3)' },
    });
    expect(readExportParams(`?token=tok&address=${address}&width=99999`)).toEqual({
      token: 'tok',
      address,
      colours: {},
    });
    expect(readExportParams(`?address=${address}`)).toBeUndefined();
    expect(readExportParams('?token=tok&address=0x123')).toBeUndefined();
  });

  it('shows the private key only after a click inside it, rebuilt from the device and auth shares', async () => {
    const { wallet, shares } = await walletWithShares();
    const tokens: string[] = [];
    const root = document.createElement('main');
    document.body.append(root);
    mountExportView(root, {
      appId: APP,
      params: { token: 'access-token', address: wallet.address, width: 320, colours: { accent: '#ff0000' } },
      store: storeWith({ [deviceShareKey(APP, wallet.address)]: shares.device }),
      api: apiReleasing(shares.auth, tokens),
    });
    expect(root.textContent).toContain(wallet.address);
    expect(root.textContent).toContain(EXPORT_TEXTS.warning);
    expect(root.innerHTML).not.toContain(wallet.privateKey.slice(2));
    expect(tokens).toEqual([]);
    expect(root.style.maxWidth).toBe('320px');
    expect(document.documentElement.style.getPropertyValue('--gh-accent')).toBe('#ff0000');

    const reveal = [...root.querySelectorAll('button')].find((b) => b.textContent === EXPORT_TEXTS.reveal);
    reveal?.click();
    await until(() => root.querySelector('[data-testid="private-key"]') !== null);
    expect(root.querySelector('[data-testid="private-key"]')?.textContent).toBe(wallet.privateKey);
    expect(tokens).toEqual(['access-token']);
    expect(root.textContent).not.toContain(wallet.mnemonic?.phrase as string);
  });

  it('refuses an auth share of another split, and says when the wallet is not on this device', async () => {
    const { wallet, shares } = await walletWithShares();
    const other = await splitEntropy(newEntropy());
    const root = document.createElement('main');
    mountExportView(root, {
      appId: APP,
      params: { token: 't', address: wallet.address, colours: {} },
      store: storeWith({ [deviceShareKey(APP, wallet.address)]: shares.device }),
      api: apiReleasing(other.auth, []),
    });
    root.querySelector('button')?.click();
    await until(() => root.textContent?.includes(EXPORT_TEXTS.mismatch) ?? false);
    expect(root.querySelector('.error')?.textContent).toBe(EXPORT_TEXTS.mismatch);
    expect(root.querySelector('[data-testid="private-key"]')).toBeNull();

    const empty = document.createElement('main');
    mountExportView(empty, {
      appId: APP,
      params: { token: 't', address: wallet.address, colours: {} },
      store: storeWith(),
      api: apiReleasing(shares.auth, []),
    });
    empty.querySelector('button')?.click();
    await until(() => empty.textContent?.includes(EXPORT_TEXTS.notOnDevice) ?? false);
    expect(empty.querySelector('.error')?.textContent).toBe(EXPORT_TEXTS.notOnDevice);
    expect(empty.querySelector('button')?.disabled).toBe(false);
  });
});
