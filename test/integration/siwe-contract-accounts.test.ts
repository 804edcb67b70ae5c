import { getAddress, getCreateAddress, hashMessage, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/protocol/api.js';
import { SIWE_API_PATHS } from '../../src/protocol/siwe-api.js';
import { type Chain, FAUCET_ACCOUNT, startChain } from '../support/chain.js';
import { runCliCaptured } from './harness.js';
import { signedMessage, useSiweHarness, wallets } from './siwe-support.js';

const h = useSiweHarness();

/**
 * Creation code of a hand-assembled contract whose code is `runtime`: CODECOPY the runtime that
 * follows this 11-byte prefix to memory and return it.
 */
const creationCode = (runtime: string) =>
  `0x60${(runtime.length / 2).toString(16).padStart(2, '0')}80600b6000396000f3${runtime}`;
/** Answers 0x1626ba7e (ERC-1271 valid) left-aligned in 32 bytes, whatever it is called with. */
const ACCEPTING_ACCOUNT = '631626ba7e60e01b60005260206000f3';
/**
 * Answers 0x1626ba7e only when called with `hash` as first argument (CALLDATALOAD 4 == hash),
 * else 32 zero bytes: proves the server asks about the EIP-191 hash of the message itself.
 */
const accountAcceptingHash = (hash: string) =>
  `6004357f${hash.slice(2)}14602d5760206000f35b${ACCEPTING_ACCOUNT}`;
/** Answers 32 zero bytes to anything: never a valid signature. */
const REFUSING_ACCOUNT = '60206000f3';

describe('contract accounts (ERC-1271) on the dev chain', () => {
  let chain: Chain;
  beforeAll(async () => {
    chain = await startChain();
  }, 60_000);
  afterAll(async () => {
    await chain?.close();
  });

  async function deploy(runtime: string): Promise<string> {
    const hash = await chain.rpc<string>('eth_sendTransaction', [
      { from: FAUCET_ACCOUNT, data: creationCode(runtime), gas: '0x30000' },
    ]);
    const receipt = await chain.rpc<{ contractAddress: string }>('eth_getTransactionReceipt', [hash]);
    return getAddress(receipt.contractAddress);
  }

  async function contractLogin(account: string) {
    const signer = Wallet.createRandom();
    const body = await signedMessage(h, signer, { address: account, chainId: chain.chainId });
    return h.post(SIWE_API_PATHS.authenticate, body);
  }

  it('logs in a contract account whose isValidSignature accepts, only through the app’s RPC for that chain', async () => {
    const accepting = await deploy(ACCEPTING_ACCOUNT);
    const refusing = await deploy(REFUSING_ACCOUNT);

    const withoutRpc = await contractLogin(accepting);
    expect(withoutRpc.json()).toMatchObject({ code: 'invalid_siwe_signature' });

    const cli = await runCliCaptured(h.database.env, [
      'apps',
      'set',
      h.appId,
      `rpc_url.${chain.chainId}=${chain.rpcUrl}`,
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stderr).toContain(`rpc_url.${chain.chainId}`);
    expect(cli.stdout).not.toContain(chain.rpcUrl);

    const accepted = await contractLogin(accepting);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(wallets(accepted.json<AuthResult>().user)[0]).toMatchObject({
      address: accepting,
      chain_id: `eip155:${chain.chainId}`,
    });
    const refused = await contractLogin(refusing);
    expect(refused.json()).toMatchObject({ code: 'invalid_siwe_signature' });
  });

  it('asks isValidSignature about the EIP-191 hash of the signed message', async () => {
    await h.server.gatehouse.siwe.set(h.appId, `rpc_url.${chain.chainId}`, chain.rpcUrl);
    const deployer = await chain.rpc<string>('eth_getTransactionCount', [FAUCET_ACCOUNT, 'latest']);
    const account = getCreateAddress({ from: FAUCET_ACCOUNT, nonce: BigInt(deployer) });
    const body = await signedMessage(h, Wallet.createRandom(), { address: account, chainId: chain.chainId });
    expect(await deploy(accountAcceptingHash(hashMessage(body.message)))).toBe(account);

    // The same message but for one word: a valid message whose hash the account does not accept.
    const other = body.message.replace('logging in', 'signing in');
    expect(other).not.toBe(body.message);
    const tampered = await h.post(SIWE_API_PATHS.authenticate, { ...body, message: other });
    expect(tampered.json()).toMatchObject({ code: 'invalid_siwe_signature' });
    const response = await h.post(SIWE_API_PATHS.authenticate, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(wallets(response.json<AuthResult>().user)[0]).toMatchObject({ address: account });
  });
});
