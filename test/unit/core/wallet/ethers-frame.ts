/**
 * A wallet frame for tests that holds a real key (ethers) and speaks the §7 protocol from the
 * provider's origin: it signs for real, so signatures recover to the wallet's address and signed
 * transactions are accepted by a chain. On `wallet:create` it links the wallet to the user on the
 * fake provider (as the server would), so the client's user refresh sees it.
 */
import { Transaction, TypedDataEncoder, Wallet } from 'ethers';
import type { UserWire } from '../../../../src/protocol/index.js';
import {
  WALLET_FRAME_READY,
  WALLET_FRAME_SOURCE,
  type WalletTransactionRequest,
} from '../../../../src/protocol/wallet-frame.js';
import { API_URL } from '../../helpers/fake-provider.js';

export const PROVIDER_ORIGIN = new URL(API_URL).origin;
export const HOST_ORIGIN = 'https://shop.test';
/** Hardhat's second dev account key: funded on a fresh dev chain. */
export const TEST_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

export interface FrameMessage {
  source: string;
  id: string;
  type: string;
  data: Record<string, unknown>;
}

export type FrameAnswer = { data: unknown } | { error: { type: string; message: string } } | 'silence';

export interface EthersFrameOptions {
  key?: string;
  /** The device holds the key (else wallet:connect answers wallet_not_on_device). */
  onDevice?: boolean;
  /** For a 'user-passcode' wallet: the recovery password wallet:recover wants. */
  password?: string;
  /** Links the created wallet to the user on the provider (the server's part of wallet:create). */
  link?: (address: string, recoveryMethod: 'gatehouse' | 'user-passcode') => void;
  /** Overrides the answer to a message (return undefined for the default). */
  override?: (message: FrameMessage) => FrameAnswer | undefined;
  /** Posts ready on mount (default true). */
  ready?: boolean;
}

/** A linked `wallet` account on the wire, as the server adds it. */
export function walletAccountWire(
  address: string,
  recoveryMethod: 'gatehouse' | 'user-passcode' = 'gatehouse',
) {
  const now = Math.floor(Date.now() / 1000);
  return {
    type: 'wallet',
    address,
    chain_type: 'ethereum',
    chain_id: null,
    wallet_client: 'gatehouse',
    wallet_client_type: 'gatehouse',
    connector_type: 'embedded',
    recovery_method: recoveryMethod,
    verified_at: now,
    first_verified_at: now,
    latest_verified_at: now,
  } as unknown as UserWire['linked_accounts'][number];
}

export function ethersFrame(options: EthersFrameOptions = {}) {
  const wallet = new Wallet(options.key ?? TEST_KEY);
  const messages = new EventTarget();
  const received: FrameMessage[] = [];
  const origins: string[] = [];
  let onDevice = options.onDevice ?? true;
  let mounted = 0;
  let recoveryMethod: 'gatehouse' | 'user-passcode' = options.password ? 'user-passcode' : 'gatehouse';

  const frameWindow = {
    postMessage(message: FrameMessage, targetOrigin: string) {
      origins.push(targetOrigin);
      received.push(message);
      void answer(message).then((answered) => {
        if (answered === 'silence') return;
        reply({ source: WALLET_FRAME_SOURCE, id: message.id, type: message.type, ...answered });
      });
    },
  };

  /** Dispatches a message on the host as if posted by `source` from `origin`. */
  function post(data: unknown, origin = PROVIDER_ORIGIN, source: unknown = frameWindow) {
    const event = new Event('message');
    Object.defineProperties(event, {
      data: { value: data },
      origin: { value: origin },
      source: { value: source },
    });
    messages.dispatchEvent(event);
  }
  const reply = (data: unknown) => post(data);

  async function answer(message: FrameMessage): Promise<FrameAnswer> {
    const custom = options.override?.(message);
    if (custom !== undefined) return custom;
    const { data } = message;
    switch (message.type) {
      case 'wallet:create':
        recoveryMethod = data.recoveryPassword ? 'user-passcode' : 'gatehouse';
        options.link?.(wallet.address, recoveryMethod);
        onDevice = true;
        return { data: { address: wallet.address, recoveryMethod } };
      case 'wallet:connect':
        return onDevice
          ? { data: { address: wallet.address } }
          : {
              error: {
                type: 'wallet_not_on_device',
                message: 'The wallet is not on this device; recover it.',
              },
            };
      case 'wallet:recover':
        if (recoveryMethod === 'user-passcode' && data.recoveryPin !== options.password) {
          return {
            error: { type: 'invalid_recovery_pin', message: 'The recovery password is not correct.' },
          };
        }
        onDevice = true;
        return { data: { address: wallet.address } };
      case 'wallet:set-recovery-password':
        recoveryMethod = 'user-passcode';
        options.link?.(wallet.address, recoveryMethod);
        return { data: { address: wallet.address, recoveryMethod } };
      case 'wallet:rpc': {
        const request = data.request as { method: string; params: unknown[] };
        return { data: { response: { method: request.method, data: await sign(request) } } };
      }
    }
    return { error: { type: 'invalid_request_arguments', message: 'Invalid request arguments.' } };
  }

  async function sign(request: { method: string; params: unknown[] }): Promise<string> {
    const bytesOrText = (message: string) =>
      /^0x([0-9a-f]{2})*$/i.test(message) ? Uint8Array.from(Buffer.from(message.slice(2), 'hex')) : message;
    switch (request.method) {
      case 'personal_sign':
        return wallet.signMessage(bytesOrText(String(request.params[0])));
      case 'eth_sign':
        return wallet.signMessage(bytesOrText(String(request.params[1])));
      case 'eth_signTypedData_v4': {
        const raw = request.params[1];
        const typed = typeof raw === 'string' ? JSON.parse(raw) : raw;
        const { EIP712Domain: _domain, ...types } = typed.types;
        return wallet.signTypedData(typed.domain, types, typed.message);
      }
      case 'eth_signTransaction': {
        const tx = request.params[0] as WalletTransactionRequest & { accessList?: unknown };
        const { from: _from, gas, ...rest } = tx;
        return wallet.signTransaction(
          Transaction.from({
            ...rest,
            to: rest.to ?? null,
            gasLimit: gas ?? tx.gasLimit,
            type: Number(tx.type ?? 2),
            chainId: BigInt(tx.chainId ?? 1),
          } as never),
        );
      }
    }
    throw new Error(`unexpected ${request.method}`);
  }

  return {
    wallet,
    address: wallet.address,
    received,
    origins,
    post,
    frameWindow,
    get mounted() {
      return mounted;
    },
    setOnDevice(value: boolean) {
      onDevice = value;
    },
    seams: {
      messages,
      hostOrigin: HOST_ORIGIN,
      mount: (url: string) => {
        mounted += 1;
        lastUrl = url;
        if (options.ready !== false) {
          queueMicrotask(() => reply({ source: WALLET_FRAME_SOURCE, type: WALLET_FRAME_READY }));
        }
        return { window: frameWindow, remove: () => {} };
      },
    },
    get url() {
      return lastUrl;
    },
    ready: () => reply({ source: WALLET_FRAME_SOURCE, type: WALLET_FRAME_READY }),
    typedDataHash: TypedDataEncoder.hash,
  };
}

let lastUrl = '';
