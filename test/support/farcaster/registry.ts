/**
 * The Farcaster ID registry on a local dev chain (Hardhat): a contract put at the registry's
 * OP Mainnet address that answers `custodyOf(uint256)` and `idOf(address)` from two mappings, as
 * the real IdRegistry does, so the provider reads custody through a real `eth_call`. And a
 * contract custody account (a smart wallet) answering ERC-1271 `isValidSignature` for the message
 * hashes it approved, like a Safe's signed messages.
 *
 * No compiler is at hand, so the contracts are a few EVM instructions assembled here.
 */
import { AbiCoder, getAddress, hashMessage, id, keccak256, toBeHex, toQuantity, zeroPadValue } from 'ethers';
import { FARCASTER_ID_REGISTRY_ADDRESS } from '../../../src/protocol/farcaster.js';

/** Whatever speaks JSON-RPC to the chain (test/support/chain.ts's `rpc`). */
export type ChainRpc = <T = unknown>(method: string, params?: unknown[]) => Promise<T>;

const OPCODES = {
  EQ: 0x14,
  ISZERO: 0x15,
  SHL: 0x1b,
  SHR: 0x1c,
  SHA3: 0x20,
  CALLDATALOAD: 0x35,
  MSTORE: 0x52,
  SLOAD: 0x54,
  JUMPI: 0x57,
  DUP1: 0x80,
  RETURN: 0xf3,
  REVERT: 0xfd,
} as const;
const JUMPDEST = 0x5b;
const PUSH1 = 0x60;

type Item =
  | keyof typeof OPCODES
  | { push: number | bigint; bytes?: number }
  | { label: string }
  | { to: string };

/** Two passes: label offsets first (a jump target is always a PUSH2), then the bytes. */
function assemble(items: Item[]): string {
  const size = (item: Item) =>
    typeof item === 'string' || 'label' in item ? 1 : 'to' in item ? 3 : 1 + (item.bytes ?? 1);
  const labels = new Map<string, number>();
  let offset = 0;
  for (const item of items) {
    if (typeof item === 'object' && 'label' in item) labels.set(item.label, offset);
    offset += size(item);
  }
  const bytes: number[] = [];
  const push = (value: bigint, width: number) => {
    bytes.push(PUSH1 + width - 1);
    for (let i = width - 1; i >= 0; i--) bytes.push(Number((value >> BigInt(8 * i)) & 0xffn));
  };
  for (const item of items) {
    if (typeof item === 'string') bytes.push(OPCODES[item]);
    else if ('label' in item) bytes.push(JUMPDEST);
    else if ('to' in item) push(BigInt(labels.get(item.to) ?? 0), 2);
    else push(BigInt(item.push), item.bytes ?? 1);
  }
  return `0x${Buffer.from(bytes).toString('hex')}`;
}

const selector = (signature: string) => BigInt(id(signature).slice(0, 10));
const word = (n: number): Item => ({ push: n });

/** Answers `keccak256(abi.encode(arg, slot))`'s storage: a Solidity mapping at `slot`, read. */
const mappingRead = (slot: number): Item[] => [
  word(4),
  'CALLDATALOAD',
  word(0),
  'MSTORE',
  word(slot),
  word(0x20),
  'MSTORE',
  word(0x40),
  word(0),
  'SHA3',
  'SLOAD',
  word(0),
  'MSTORE',
  word(0x20),
  word(0),
  'RETURN',
];

const SELECTOR_OF_CALL: Item[] = [word(0), 'CALLDATALOAD', word(0xe0), 'SHR'];
const REVERT_EMPTY: Item[] = [word(0), 'DUP1', 'REVERT'];
const returnWord = (value: bigint): Item[] => [
  { push: value, bytes: 4 },
  word(0xe0),
  'SHL',
  word(0),
  'MSTORE',
  word(0x20),
  word(0),
  'RETURN',
];

/** custodyOf(uint256) reads mapping 0 (fid → address); idOf(address) reads mapping 1 (address → fid). */
export const ID_REGISTRY_CODE = assemble([
  ...SELECTOR_OF_CALL,
  'DUP1',
  { push: selector('custodyOf(uint256)'), bytes: 4 },
  'EQ',
  { to: 'custodyOf' },
  'JUMPI',
  { push: selector('idOf(address)'), bytes: 4 },
  'EQ',
  { to: 'idOf' },
  'JUMPI',
  ...REVERT_EMPTY,
  { label: 'custodyOf' },
  ...mappingRead(0),
  { label: 'idOf' },
  ...mappingRead(1),
]);

/** isValidSignature(bytes32 hash, bytes): the magic value when storage[hash] is set, else 0xffffffff. */
export const ERC1271_WALLET_CODE = assemble([
  ...SELECTOR_OF_CALL,
  { push: 0x1626ba7en, bytes: 4 },
  'EQ',
  { to: 'check' },
  'JUMPI',
  ...REVERT_EMPTY,
  { label: 'check' },
  word(4),
  'CALLDATALOAD',
  'SLOAD',
  'ISZERO',
  { to: 'refuse' },
  'JUMPI',
  ...returnWord(0x1626ba7en),
  { label: 'refuse' },
  ...returnWord(0xffffffffn),
]);

const coder = AbiCoder.defaultAbiCoder();
const slotOf = (type: 'uint256' | 'address', key: unknown, mapping: number) =>
  toQuantity(keccak256(coder.encode([type, 'uint256'], [key, mapping])));

export interface IdRegistry {
  address: string;
  /** Registers `fid` with this custody address (and the reverse lookup). */
  setCustody(fid: number, custody: string): Promise<void>;
}

/** Puts the ID registry at its OP Mainnet address on the dev chain. */
export async function installIdRegistry(rpc: ChainRpc): Promise<IdRegistry> {
  const address = getAddress(FARCASTER_ID_REGISTRY_ADDRESS);
  await rpc('hardhat_setCode', [address, ID_REGISTRY_CODE]);
  return {
    address,
    async setCustody(fid, custody) {
      await rpc('hardhat_setStorageAt', [address, slotOf('uint256', fid, 0), zeroPadValue(custody, 32)]);
      await rpc('hardhat_setStorageAt', [address, slotOf('address', custody, 1), toBeHex(fid, 32)]);
    },
  };
}

export interface ContractWallet {
  address: string;
  /** Approves this message text (its EIP-191 hash), as a Safe's owners sign a message. */
  approve(message: string): Promise<void>;
}

/** A smart-wallet custody account at `address` (ERC-1271). */
export async function installContractWallet(rpc: ChainRpc, address: string): Promise<ContractWallet> {
  await rpc('hardhat_setCode', [address, ERC1271_WALLET_CODE]);
  return {
    address,
    async approve(message) {
      await rpc('hardhat_setStorageAt', [
        address,
        toQuantity(hashMessage(message)),
        zeroPadValue('0x01', 32),
      ]);
    },
  };
}
