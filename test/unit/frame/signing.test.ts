import {
  hashMessage,
  recoverAddress,
  Transaction,
  toUtf8Bytes,
  verifyMessage,
  verifyTypedData,
} from 'ethers';
import { describe, expect, it } from 'vitest';
import { newEntropy, walletFromEntropy } from '../../../src/frame/keys.js';
import { InvalidRpcRequestError, signRpc, WrongSignerError } from '../../../src/frame/signing.js';
import type { WalletRpcRequest } from '../../../src/protocol/wallet-frame.js';

const wallet = await walletFromEntropy(newEntropy());
const OTHER = '0x000000000000000000000000000000000000dEaD';
const sign = (request: unknown) => signRpc(wallet, request as WalletRpcRequest);

const TYPED = {
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 1,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
      { name: 'contents', type: 'string' },
    ],
    Unused: [{ name: 'x', type: 'uint8' }],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: [{ name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }],
    contents: 'Hello, Bob!',
  },
};

describe('wallet:rpc signing', () => {
  it('personal_sign signs UTF-8 text and 0x-hex bytes (EIP-191)', async () => {
    const text = await sign({ method: 'personal_sign', params: ['Hello', wallet.address] });
    expect(verifyMessage('Hello', text)).toBe(wallet.address);
    const hex = await sign({ method: 'personal_sign', params: ['0x48656c6c6f', wallet.address] });
    expect(hex).toBe(text);
    // The address may be omitted or in any case.
    expect(await sign({ method: 'personal_sign', params: ['Hello'] })).toBe(text);
    expect(await sign({ method: 'personal_sign', params: ['Hello', wallet.address.toLowerCase()] })).toBe(
      text,
    );
  });

  it('eth_sign signs the message prefixed too, never as a raw hash', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const signature = await sign({ method: 'eth_sign', params: [wallet.address, hash] });
    expect(recoverAddress(hashMessage(Uint8Array.from(Buffer.from('ab'.repeat(32), 'hex'))), signature)).toBe(
      wallet.address,
    );
    expect(
      verifyMessage(toUtf8Bytes('x'), await sign({ method: 'eth_sign', params: [wallet.address, 'x'] })),
    ).toBe(wallet.address);
  });

  it('eth_signTypedData_v4 signs EIP-712 data given as JSON or object, ignoring unrelated types', async () => {
    const fromJson = await sign({
      method: 'eth_signTypedData_v4',
      params: [wallet.address, JSON.stringify(TYPED)],
    });
    const fromObject = await sign({ method: 'eth_signTypedData_v4', params: [wallet.address, TYPED] });
    expect(fromObject).toBe(fromJson);
    const { EIP712Domain: _d, Unused: _u, ...types } = TYPED.types;
    expect(verifyTypedData(TYPED.domain, types, TYPED.message, fromJson)).toBe(wallet.address);
  });

  it('eth_signTransaction returns the raw signed transaction, type 2 and type 0', async () => {
    const raw2 = await sign({
      method: 'eth_signTransaction',
      params: [
        {
          from: wallet.address,
          to: OTHER,
          value: '0xde0b6b3a7640000',
          data: '0x',
          nonce: '0x7',
          gas: '0x5208',
          maxFeePerGas: '0x3b9aca00',
          maxPriorityFeePerGas: '0x1',
          chainId: '0x1',
        },
      ],
    });
    const tx2 = Transaction.from(raw2);
    expect(tx2).toMatchObject({
      type: 2,
      from: wallet.address,
      to: OTHER,
      nonce: 7,
      chainId: 1n,
      gasLimit: 21000n,
    });
    expect(tx2.value).toBe(10n ** 18n);
    const raw0 = await sign({
      method: 'eth_signTransaction',
      params: [
        { to: OTHER, value: 1, nonce: 0, gasLimit: 21000, gasPrice: '0x3b9aca00', chainId: 56, type: 0 },
      ],
    });
    expect(Transaction.from(raw0)).toMatchObject({
      type: 0,
      from: wallet.address,
      chainId: 56n,
      gasPrice: 10n ** 9n,
    });
  });

  it('refuses another signer, a transaction without chainId, bad fields and unknown methods', async () => {
    await expect(sign({ method: 'personal_sign', params: ['Hello', OTHER] })).rejects.toBeInstanceOf(
      WrongSignerError,
    );
    await expect(sign({ method: 'eth_sign', params: [OTHER, 'x'] })).rejects.toBeInstanceOf(WrongSignerError);
    await expect(sign({ method: 'eth_signTypedData_v4', params: [OTHER, TYPED] })).rejects.toBeInstanceOf(
      WrongSignerError,
    );
    await expect(
      sign({ method: 'eth_signTransaction', params: [{ from: OTHER, to: OTHER, chainId: 1 }] }),
    ).rejects.toBeInstanceOf(WrongSignerError);
    for (const tx of [
      { to: OTHER },
      { to: OTHER, chainId: 0 },
      { to: OTHER, chainId: 1, value: '-1' },
      { to: OTHER, chainId: 1, value: 1.5 },
      { to: 'vitalik.eth', chainId: 1 },
      { to: OTHER, chainId: 1, data: 'hello' },
      { to: OTHER, chainId: 1, type: 1 },
    ]) {
      await expect(sign({ method: 'eth_signTransaction', params: [tx] })).rejects.toBeInstanceOf(
        InvalidRpcRequestError,
      );
    }
    await expect(sign({ method: 'eth_sendTransaction', params: [] })).rejects.toBeInstanceOf(
      InvalidRpcRequestError,
    );
    await expect(sign({ method: 'personal_sign', params: 'Hello' })).rejects.toBeInstanceOf(
      InvalidRpcRequestError,
    );
    await expect(
      sign({ method: 'eth_signTypedData_v4', params: [wallet.address, '{'] }),
    ).rejects.toBeInstanceOf(InvalidRpcRequestError);
    await expect(
      sign({ method: 'eth_signTypedData_v4', params: [wallet.address, { ...TYPED, primaryType: 'Nope' }] }),
    ).rejects.toBeInstanceOf(InvalidRpcRequestError);
  });
});
