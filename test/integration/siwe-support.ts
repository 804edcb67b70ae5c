import type { BaseWallet } from 'ethers';
import { afterEach, beforeEach, expect } from 'vitest';
import type { LinkedAccountWire, UserWire } from '../../src/protocol/api.js';
import { SIWE_API_PATHS, type SiweInitResponse } from '../../src/protocol/siwe-api.js';
import { formatSiweMessage } from '../../src/server/services/login/siwe-message.js';
import { type Harness, ORIGIN, startHarness } from './harness.js';

const SIWE_STATEMENT =
  'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.';

/**
 * The body of `siwe/authenticate` or `siwe/link` as a page of ORIGIN makes it: a fresh nonce, the
 * EIP-4361 message for chain 1, and the wallet's signature of it.
 */
export async function siweBody(h: Harness, wallet: BaseWallet) {
  const init = await h.post(SIWE_API_PATHS.init, { address: wallet.address });
  const { nonce } = init.json<SiweInitResponse>();
  const message = formatSiweMessage({
    scheme: null,
    domain: new URL(ORIGIN).host,
    address: wallet.address,
    statement: null,
    uri: `${ORIGIN}/`,
    chainId: 1,
    nonce,
    issuedAt: new Date(h.clock.now()),
    expirationTime: null,
    notBefore: null,
    requestId: null,
    resources: [],
  });
  return {
    message,
    signature: await wallet.signMessage(message),
    chainId: 1,
    walletClientType: 'metamask',
    connectorType: 'injected',
  };
}

/** A harness for each test of the file, whose app has wallet login on (the object is refilled before each). */
export function useSiweHarness(): Harness {
  const h = {} as Harness;
  beforeEach(async () => {
    Object.assign(h, await startHarness());
    await h.server.gatehouse.apps.update(h.appId, [{ field: 'wallet_auth', value: true }]);
  });
  afterEach(async () => {
    await h.close();
  });
  return h;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const wallets = (user: UserWire) =>
  user.linked_accounts.filter((a): a is LinkedAccountWire & { address: string } => a.type === 'wallet');

export async function nonceFor(h: Harness, address: string): Promise<SiweInitResponse> {
  const response = await h.post(SIWE_API_PATHS.init, { address });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SiweInitResponse>();
}

export interface MessageOptions {
  domain?: string;
  uri?: string;
  chainId?: number;
  nonce?: string;
  issuedAt?: Date;
  expirationTime?: Date | null;
  notBefore?: Date | null;
  address?: string;
}

/** The message a page of ORIGIN has the wallet sign, with a fresh nonce unless one is given. */
export async function signedMessage(h: Harness, wallet: BaseWallet, options: MessageOptions = {}) {
  const address = options.address ?? wallet.address;
  const nonce = options.nonce ?? (await nonceFor(h, address)).nonce;
  const chainId = options.chainId ?? 1;
  const message = formatSiweMessage({
    scheme: null,
    domain: options.domain ?? new URL(ORIGIN).host,
    address,
    statement: SIWE_STATEMENT,
    uri: options.uri ?? `${ORIGIN}/`,
    chainId,
    nonce,
    issuedAt: options.issuedAt ?? new Date(h.clock.now()),
    expirationTime: options.expirationTime ?? null,
    notBefore: options.notBefore ?? null,
    requestId: null,
    resources: [],
  });
  return {
    message,
    signature: await wallet.signMessage(message),
    chainId,
    walletClientType: 'metamask',
    connectorType: 'injected',
  };
}

/** The embedded wallet's linked account as services/wallets/wallets.ts stores it. */
export async function insertEmbeddedWallet(h: Harness, userId: string, address: string) {
  const now = h.clock.now();
  await h.server.gatehouse.db
    .insertInto('linked_accounts')
    .values({
      id: `emb${Math.random().toString(36).slice(2, 12)}`,
      user_id: userId,
      app_id: h.appId,
      type: 'wallet',
      subject: address.toLowerCase(),
      data: JSON.stringify({
        address,
        chain_type: 'ethereum',
        chain_id: null,
        wallet_client: 'gatehouse',
        wallet_client_type: 'gatehouse',
        connector_type: 'embedded',
        recovery_method: 'gatehouse',
      }),
      first_verified_at: now,
      latest_verified_at: now,
    })
    .execute();
}
