/**
 * What the surface shows of a `wallet:rpc` request (src/frame/review.ts): built in the frame from
 * the very request it will sign — messages as text, typed data as its domain and message, a
 * transaction as its chain, recipient, amount and the most it can cost.
 */
import { describe, expect, it } from 'vitest';
import { reviewOf } from '../../../src/frame/review.js';
import type { WalletRpcRequest } from '../../../src/protocol/wallet-frame.js';

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const THEM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`;

describe('the review of a message', () => {
  it('personal_sign and eth_sign: UTF-8 hex decoded to its text, anything else shown as given', () => {
    const sign = (message: string) => reviewOf({ method: 'personal_sign', params: [message, ME] }, ME);
    expect(sign(hex('Hello from Acme\nNonce: 42'))).toEqual({
      kind: 'sign-message',
      address: ME,
      message: 'Hello from Acme\nNonce: 42',
    });
    expect(sign('plain text, not hex')).toMatchObject({ message: 'plain text, not hex' });
    // Bytes that are not UTF-8 (a hash, say) stay hex, as do odd lengths and the empty 0x.
    expect(sign(`0x${'ff'.repeat(32)}`)).toMatchObject({ message: `0x${'ff'.repeat(32)}` });
    expect(sign('0xabc')).toMatchObject({ message: '0xabc' });
    expect(sign('0x')).toMatchObject({ message: '0x' });
    expect(reviewOf({ method: 'eth_sign', params: [ME, hex('gm')] }, ME)).toEqual({
      kind: 'sign-message',
      address: ME,
      message: 'gm',
    });
    expect(() => reviewOf({ method: 'personal_sign', params: [7, ME] } as never, ME)).toThrow(
      'The message must be a string.',
    );
  });

  it('eth_signTypedData_v4: the domain rows in a fixed order, the primary type and the message pretty-printed', () => {
    const typed = {
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      domain: { verifyingContract: THEM, chainId: 1, name: 'Ether Mail', version: '1' },
      message: { contents: 'Hello, Bob!', amount: 10n },
    };
    const expected = {
      kind: 'sign-typed-data',
      address: ME,
      domain: [
        ['name', 'Ether Mail'],
        ['version', '1'],
        ['chainId', '1'],
        ['verifyingContract', THEM],
      ],
      primaryType: 'Mail',
      message: '{\n  "contents": "Hello, Bob!",\n  "amount": "10"\n}',
    };
    expect(reviewOf({ method: 'eth_signTypedData_v4', params: [ME, typed] }, ME)).toEqual(expected);
    const json = JSON.stringify({ ...typed, message: { contents: 'Hello, Bob!', amount: '10' } });
    expect(reviewOf({ method: 'eth_signTypedData_v4', params: [ME, json] }, ME)).toEqual(expected);
    // No domain: no rows.
    const bare = { types: typed.types, primaryType: 'Mail', message: { contents: 'x' } };
    expect(reviewOf({ method: 'eth_signTypedData_v4', params: [ME, bare] }, ME)).toMatchObject({
      domain: [],
    });
    expect(() => reviewOf({ method: 'eth_signTypedData_v4', params: [ME, '{nope'] }, ME)).toThrow(
      'The typed data is not valid JSON.',
    );
  });
});

describe('the review of a transaction', () => {
  const tx = (fields: Record<string, unknown>): WalletRpcRequest =>
    ({ method: 'eth_signTransaction', params: [{ from: ME, chainId: '0x7a69', ...fields }] }) as never;

  it("its chain, recipient, value and max fee (gas limit × max fee per gas) formatted as §9 says; the signer's address as from", () => {
    const view = reviewOf(
      tx({
        from: THEM,
        to: THEM,
        value: '0x16345785d8a0000', // 0.1 ETH
        gas: '0x5208', // 21000
        maxFeePerGas: '0xb2d05e00', // 3 gwei
        maxPriorityFeePerGas: '0x3b9aca00',
      }),
      ME,
      'send',
    );
    expect(view).toEqual({
      kind: 'transaction',
      intent: 'send',
      from: ME,
      chainId: 31337,
      to: THEM,
      value: '0.1',
      maxFee: '0.000063',
      dataBytes: 0,
    });
  });

  it('a legacy gas price, gasLimit, amounts cut at six decimals, dust, a contract call and a creation; intent sign by default', () => {
    const view = reviewOf(
      tx({
        to: null,
        value: 1_234_567_890_123_456_789n.toString(),
        gasLimit: 100_000,
        gasPrice: '20000000000',
        data: `0x${'ab'.repeat(68)}`,
        type: 0,
      }),
      ME,
    );
    expect(view).toMatchObject({
      intent: 'sign',
      to: null,
      value: '1.234567',
      maxFee: '0.002',
      dataBytes: 68,
    });
    expect(reviewOf(tx({ to: THEM, value: 5 }), ME)).toMatchObject({ value: '<0.000001', maxFee: '0' });
    expect(reviewOf(tx({ to: THEM, value: '0x0', data: 'not hex' }), ME)).toMatchObject({
      value: '0',
      dataBytes: 0,
    });
    expect(() => reviewOf(tx({ to: THEM, value: 'lots' }), ME)).toThrow('Invalid transaction field.');
    expect(() => reviewOf({ method: 'eth_signTransaction', params: [null] } as never, ME)).toThrow(
      'The transaction must be an object.',
    );
  });

  it('refuses what it cannot show: another method, no request', () => {
    expect(() => reviewOf({ method: 'eth_sendTransaction', params: [] } as never, ME)).toThrow(
      'Unsupported wallet RPC method.',
    );
    expect(() => reviewOf(undefined as never, ME)).toThrow('Unsupported wallet RPC method.');
  });
});
