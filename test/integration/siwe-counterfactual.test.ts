import { AbiCoder, type BaseWallet, concat, getAddress, Interface, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/protocol/api.js';
import { SIWE_API_PATHS } from '../../src/protocol/siwe-api.js';
import { type Chain, FAUCET_ACCOUNT, startChain } from '../support/chain.js';
import { compileSolidity } from '../support/solidity.js';
import { signedMessage, useSiweHarness, wallets } from './siwe-support.js';

const h = useSiweHarness();

/** What ERC-6492 appends to abi.encode(factory, factoryCalldata, signature). */
const ERC6492_SUFFIX = `0x${'6492'.repeat(16)}`;
const FACTORY_ABI = new Interface([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
]);

describe('smart accounts not deployed yet (ERC-6492) on the dev chain', () => {
  let chain: Chain;
  let factory: string;
  beforeAll(async () => {
    chain = await startChain();
    const { AccountFactory } = compileSolidity('test/support/contracts/CounterfactualAccount.sol');
    const hash = await chain.rpc<string>('eth_sendTransaction', [
      { from: FAUCET_ACCOUNT, data: AccountFactory, gas: '0x200000' },
    ]);
    const receipt = await chain.rpc<{ contractAddress: string }>('eth_getTransactionReceipt', [hash]);
    factory = getAddress(receipt.contractAddress);
  }, 60_000);
  afterAll(async () => {
    await chain?.close();
  });

  /** The owner's account as the factory will deploy it (CREATE2), with its deployment call. */
  async function counterfactual(owner: string, salt = 0n) {
    const deploy = FACTORY_ABI.encodeFunctionData('createAccount', [owner, salt]);
    const data = FACTORY_ABI.encodeFunctionData('getAddress', [owner, salt]);
    const answer = await chain.rpc<string>('eth_call', [{ to: factory, data }, 'latest']);
    const [address] = FACTORY_ABI.decodeFunctionResult('getAddress', answer);
    return { address: getAddress(address as string), deploy };
  }

  const wrap = (factoryCalldata: string, signature: string, by = factory) =>
    concat([
      AbiCoder.defaultAbiCoder().encode(['address', 'bytes', 'bytes'], [by, factoryCalldata, signature]),
      ERC6492_SUFFIX,
    ]);

  const code = (address: string) => chain.rpc<string>('eth_getCode', [address, 'latest']);
  const useRpc = (url: string) => h.server.gatehouse.siwe.set(h.appId, `rpc_url.${chain.chainId}`, url);

  /** A SIWE message of the owner's undeployed account, signed by the owner and wrapped per ERC-6492. */
  async function accountMessage(owner: BaseWallet) {
    const account = await counterfactual(owner.address);
    const body = await signedMessage(h, owner, { address: account.address, chainId: chain.chainId });
    return { account, body: { ...body, signature: wrap(account.deploy, body.signature) } };
  }

  it('logs the account in through the app’s RPC for that chain, deploying nothing', async () => {
    const owner = Wallet.createRandom();
    const { account, body } = await accountMessage(owner);
    expect(await code(account.address)).toBe('0x');

    const withoutRpc = await h.post(SIWE_API_PATHS.authenticate, body);
    expect(withoutRpc.json()).toMatchObject({ code: 'invalid_siwe_signature' });

    await useRpc(chain.rpcUrl);
    const response = await h.post(SIWE_API_PATHS.authenticate, body);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<AuthResult>();
    expect(result.is_new_user).toBe(true);
    expect(wallets(result.user)).toMatchObject([
      { address: account.address, chain_id: `eip155:${chain.chainId}` },
    ]);
    expect(await code(account.address)).toBe('0x');

    // The owner's key alone is not the account: its plain signature does not log the account in.
    const plain = await signedMessage(h, owner, { address: account.address, chainId: chain.chainId });
    expect((await h.post(SIWE_API_PATHS.authenticate, plain)).json()).toMatchObject({
      code: 'invalid_siwe_signature',
    });
  });

  it('refuses a tampered signature as it refuses a wallet’s wrong one', async () => {
    await useRpc(chain.rpcUrl);
    const eoa = await signedMessage(h, Wallet.createRandom());
    const wrong = await h.post(SIWE_API_PATHS.authenticate, {
      ...eoa,
      message: eoa.message.replace('logging in', 'signing in'),
    });
    expect(wrong.json()).toMatchObject({ code: 'invalid_siwe_signature' });
    const refusal = { statusCode: wrong.statusCode, body: wrong.json() };

    const owner = Wallet.createRandom();
    const { account, body } = await accountMessage(owner);
    const inner = (await signedMessage(h, owner, { address: account.address, chainId: chain.chainId }))
      .signature;
    const stranger = await signedMessage(h, Wallet.createRandom(), {
      address: account.address,
      chainId: chain.chainId,
    });
    const otherAccount = await counterfactual(Wallet.createRandom().address);
    const tampered = [
      // Another message under the same signature.
      { ...body, message: body.message.replace('logging in', 'signing in') },
      // Another key's signature, wrapped with the account's factory call.
      { ...stranger, signature: wrap(account.deploy, stranger.signature) },
      // The owner's signature, but a factory call that deploys someone else's account.
      { ...body, signature: wrap(otherAccount.deploy, inner) },
      // A factory that is not one.
      { ...body, signature: wrap(account.deploy, inner, FAUCET_ACCOUNT) },
      // The suffix after bytes that are not an ABI-encoded wrapper.
      { ...body, signature: concat([inner, ERC6492_SUFFIX]) },
    ];
    for (const proof of tampered) {
      const response = await h.post(SIWE_API_PATHS.authenticate, proof);
      expect({ statusCode: response.statusCode, body: response.json() }).toEqual(refusal);
    }

    // An RPC that cannot be reached refuses the signature, as for ERC-1271.
    await useRpc('http://127.0.0.1:9/');
    const unreachable = await h.post(SIWE_API_PATHS.authenticate, body);
    expect({ statusCode: unreachable.statusCode, body: unreachable.json() }).toEqual(refusal);

    await useRpc(chain.rpcUrl);
    const response = await h.post(SIWE_API_PATHS.authenticate, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(wallets(response.json<AuthResult>().user)[0]).toMatchObject({ address: account.address });
  });

  it('still logs the account in with either signature once it is deployed', async () => {
    await useRpc(chain.rpcUrl);
    const owner = Wallet.createRandom();
    const { account, body } = await accountMessage(owner);
    await chain.rpc('eth_sendTransaction', [
      { from: FAUCET_ACCOUNT, to: factory, data: account.deploy, gas: '0x200000' },
    ]);
    expect(await code(account.address)).not.toBe('0x');

    const wrapped = await h.post(SIWE_API_PATHS.authenticate, body);
    expect(wrapped.statusCode, wrapped.body).toBe(200);
    const userId = wrapped.json<AuthResult>().user.id;
    // ERC-1271 as before: the owner's signature, unwrapped, for the deployed account.
    const plain = await signedMessage(h, owner, { address: account.address, chainId: chain.chainId });
    const again = await h.post(SIWE_API_PATHS.authenticate, plain);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<AuthResult>()).toMatchObject({ is_new_user: false, user: { id: userId } });
  });
});
