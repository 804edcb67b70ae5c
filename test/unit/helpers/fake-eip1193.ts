/**
 * A browser-extension wallet for unit tests: an EIP-1193 provider over an ethers Wallet, announced
 * by EIP-6963 on a page of its own, with switches to reject (4001) and a set of known chains.
 */
import { getBytes, Wallet } from 'ethers';
import type { WalletProviderInfo } from '../../../src/protocol/external-wallet.js';

type Listener = (...args: unknown[]) => void;

export class FakeExtensionWallet {
  readonly signer = Wallet.createRandom();
  chainId = 1;
  knownChains = new Set<number>([1]);
  rejectConnect = false;
  rejectSign = false;
  /** An EIP-1193 error this method answers with (a busy or locked wallet). */
  failWith: { method: string; code: number; message: string } | null = null;
  authorized = false;
  readonly calls: string[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  get address(): string {
    return this.signer.address;
  }

  readonly request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    this.calls.push(method);
    const list = (params ?? []) as unknown[];
    if (this.failWith?.method === method) {
      throw Object.assign(new Error(this.failWith.message), { code: this.failWith.code });
    }
    switch (method) {
      case 'eth_requestAccounts':
        if (this.rejectConnect) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
        this.authorized = true;
        return [this.address.toLowerCase()];
      case 'eth_accounts':
        return this.authorized ? [this.address.toLowerCase()] : [];
      case 'eth_chainId':
        return `0x${this.chainId.toString(16)}`;
      case 'wallet_switchEthereumChain': {
        const id = Number((list[0] as { chainId: string }).chainId);
        if (!this.knownChains.has(id)) throw Object.assign(new Error('Unrecognized chain'), { code: 4902 });
        this.chainId = id;
        this.emit('chainChanged', `0x${id.toString(16)}`);
        return null;
      }
      case 'wallet_addEthereumChain':
        this.knownChains.add(Number((list[0] as { chainId: string }).chainId));
        return null;
      case 'personal_sign':
        if (this.rejectSign) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
        return this.signer.signMessage(getBytes(String(list[0])));
      default:
        throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 });
    }
  };

  on(event: string, listener: Listener): void {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
  }

  removeListener(event: string, listener: Listener): void {
    this.listeners.get(event)?.delete(listener);
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  /** Answers EIP-6963 requests on `page` with `info`. */
  announceOn(page: EventTarget, info: WalletProviderInfo): void {
    const announce = () =>
      page.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider: this } }));
    page.addEventListener('eip6963:requestProvider', announce);
    announce();
  }
}

export const RAINBOW_INFO: WalletProviderInfo = {
  uuid: '6d1c9b51-0b8a-4d4b-9f0b-111111111111',
  name: 'Rainbow',
  icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
  rdns: 'me.rainbow',
};

/** A page: EventTarget for EIP-6963, a location, optionally `window.ethereum`. */
export function fakePage(ethereum?: unknown) {
  const page = new EventTarget() as EventTarget & {
    ethereum?: unknown;
    location: { host: string; origin: string; href: string; reload(): void; reloads: number };
  };
  page.location = {
    host: 'app.test',
    origin: 'https://app.test',
    href: 'https://app.test/shop?item=7',
    reloads: 0,
    reload() {
      this.reloads += 1;
    },
  };
  if (ethereum) page.ethereum = ethereum;
  return page;
}
