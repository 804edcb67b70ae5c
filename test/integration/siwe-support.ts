import type { BaseWallet } from 'ethers';
import { SIWE_API_PATHS, type SiweInitResponse } from '../../src/protocol/siwe-api.js';
import { formatSiweMessage } from '../../src/server/services/siwe-message.js';
import { type Harness, ORIGIN } from './harness.js';

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
