import { encodeRlp, getBytes, Transaction, toBeArray } from 'ethers';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../../../src/core/wallet/hex.js';
import { type RlpItem, rlpEncode, rlpInteger } from '../../../../src/core/wallet/rlp.js';
import {
  type PreparedTransaction,
  serializeUnsignedTransaction,
  toRpcTransaction,
} from '../../../../src/core/wallet/transaction.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const encode = (item: RlpItem) => bytesToHex(rlpEncode(item));

/** The same structure as ethers takes it (hex strings and arrays). */
type EthersRlp = string | EthersRlp[];
const toEthers = (item: RlpItem): EthersRlp =>
  item instanceof Uint8Array ? bytesToHex(item) : item.map(toEthers);

describe('RLP', () => {
  it('encodes the reference vectors of the Ethereum wiki', () => {
    expect(encode(utf8('dog'))).toBe('0x83646f67');
    expect(encode([utf8('cat'), utf8('dog')])).toBe('0xc88363617483646f67');
    expect(encode(new Uint8Array(0))).toBe('0x80');
    expect(encode([])).toBe('0xc0');
    expect(encode(rlpInteger(0))).toBe('0x80');
    expect(encode(Uint8Array.of(0))).toBe('0x00');
    expect(encode(rlpInteger(15))).toBe('0x0f');
    expect(encode(rlpInteger(1024))).toBe('0x820400');
    expect(encode([[], [[]], [[], [[]]]])).toBe('0xc7c0c1c0c3c0c1c0');
    expect(encode(utf8('Lorem ipsum dolor sit amet, consectetur adipisicing elit'))).toBe(
      '0xb8384c6f72656d20697073756d20646f6c6f722073697420616d65742c20636f6e7365637465747572206164697069736963696e6720656c6974',
    );
  });

  it('agrees with ethers on strings and lists around the 55-byte and 256-byte length boundaries', () => {
    const bytes = (n: number, fill = 0xab) => new Uint8Array(n).fill(fill);
    const items: RlpItem[] = [
      Uint8Array.of(0x7f),
      Uint8Array.of(0x80),
      bytes(55),
      bytes(56),
      bytes(255),
      bytes(256),
      bytes(70_000),
      [bytes(54)],
      [bytes(55)],
      [bytes(20), [bytes(300), [Uint8Array.of(1), new Uint8Array(0)]], []],
      Array.from({ length: 40 }, (_, i) => rlpInteger(i * 1_000_003)),
    ];
    for (const item of items) expect(encode(item)).toBe(encodeRlp(toEthers(item)));
  });

  it('writes integers without leading zeros', () => {
    for (const n of [1n, 127n, 128n, 255n, 256n, 2n ** 64n - 1n, 2n ** 255n]) {
      expect(bytesToHex(rlpInteger(n))).toBe(bytesToHex(toBeArray(n)));
    }
  });

  it('converts hex and bytes both ways', () => {
    expect(hexToBytes('0x00ff10')).toEqual(Uint8Array.of(0, 255, 16));
    expect(bytesToHex(getBytes('0xdeadbeef'))).toBe('0xdeadbeef');
    expect(() => hexToBytes('0xabc')).toThrow('data must be a 0x-prefixed hex string of whole bytes');
  });
});

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const longData = `0x${'a9059cbb'.repeat(40)}`;

const cases: Array<[string, PreparedTransaction]> = [
  [
    'EIP-1559 send',
    {
      chainId: 1,
      type: 2,
      from: FROM,
      to: TO,
      value: 10n ** 18n,
      data: '0x',
      nonce: 0,
      gasLimit: 21_000n,
      maxFeePerGas: 22_000_000_000n,
      maxPriorityFeePerGas: 2_000_000_000n,
    },
  ],
  [
    'EIP-1559 contract call on Base with an access list',
    {
      chainId: 8453,
      type: 2,
      from: FROM,
      to: TO,
      value: 0n,
      data: longData,
      nonce: 1234,
      gasLimit: 250_000n,
      maxFeePerGas: 1_260_001_000n,
      maxPriorityFeePerGas: 1_000n,
      accessList: [{ address: TO, storageKeys: [`0x${'00'.repeat(31)}01`, `0x${'ff'.repeat(32)}`] }],
    },
  ],
  [
    'EIP-1559 contract creation',
    {
      chainId: 10,
      type: 2,
      from: FROM,
      to: null,
      value: 0n,
      data: `0x${'60'.repeat(600)}`,
      nonce: 7,
      gasLimit: 3_000_000n,
      maxFeePerGas: 5n,
      maxPriorityFeePerGas: 0n,
    },
  ],
  [
    'legacy (BSC)',
    {
      chainId: 56,
      type: 0,
      from: FROM,
      to: TO,
      value: 123_456_789n,
      data: '0x',
      nonce: 3,
      gasLimit: 21_000n,
      gasPrice: 3_000_000_000n,
    },
  ],
  [
    'EIP-2930',
    {
      chainId: 11155111,
      type: 1,
      from: FROM,
      to: TO,
      value: 1n,
      data: '0x1234',
      nonce: 0,
      gasLimit: 30_000n,
      gasPrice: 9n,
      accessList: [{ address: FROM, storageKeys: [] }],
    },
  ],
];

describe('the unsigned serialized transaction', () => {
  it.each(cases)('%s is what ethers serializes for the same fields', (_, tx) => {
    const ethersTx = Transaction.from({
      type: tx.type,
      chainId: tx.chainId,
      to: tx.to,
      value: tx.value,
      data: tx.data,
      nonce: tx.nonce,
      gasLimit: tx.gasLimit,
      gasPrice: tx.gasPrice ?? null,
      maxFeePerGas: tx.maxFeePerGas ?? null,
      maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? null,
      accessList: tx.accessList ?? null,
    });
    expect(serializeUnsignedTransaction(tx)).toBe(ethersTx.unsignedSerialized);
  });

  it('gives the frame a JSON-RPC transaction that ethers reads back to the same unsigned transaction', () => {
    for (const [, tx] of cases) {
      const rpc = toRpcTransaction(tx);
      expect(rpc.from).toBe(FROM);
      expect(rpc.gas).toBe(`0x${tx.gasLimit.toString(16)}`);
      const back = Transaction.from({
        type: Number(rpc.type),
        chainId: BigInt(rpc.chainId),
        to: rpc.to ?? null,
        value: BigInt(rpc.value),
        data: rpc.data,
        nonce: Number(rpc.nonce),
        gasLimit: BigInt(rpc.gas),
        gasPrice: rpc.gasPrice ? BigInt(rpc.gasPrice) : null,
        maxFeePerGas: rpc.maxFeePerGas ? BigInt(rpc.maxFeePerGas) : null,
        maxPriorityFeePerGas: rpc.maxPriorityFeePerGas ? BigInt(rpc.maxPriorityFeePerGas) : null,
        accessList: rpc.accessList ?? null,
      });
      expect(back.unsignedSerialized).toBe(serializeUnsignedTransaction(tx));
    }
  });
});
