import { AbiCoder, concat, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ERC6492_CHECK_BYTECODE, isErc6492Signature } from '../../../src/server/services/login/erc6492.js';
import { compileSolidity } from '../../support/solidity.js';

const SUFFIX = `0x${'6492'.repeat(16)}`;
const FACTORY = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

async function innerSignature(): Promise<string> {
  return Wallet.createRandom().signMessage('hello');
}

function wrap(signature: string): string {
  const tuple = AbiCoder.defaultAbiCoder().encode(
    ['address', 'bytes', 'bytes'],
    [FACTORY, '0x5fbfb9cf', signature],
  );
  return concat([tuple, SUFFIX]);
}

describe('ERC-6492 signatures', () => {
  it('are told apart by the magic suffix after the wrapped factory call and signature', async () => {
    const inner = await innerSignature();
    expect(isErc6492Signature(wrap(inner))).toBe(true);
    expect(isErc6492Signature(wrap(inner).toUpperCase().replace(/^0X/, '0x'))).toBe(true);
    // A plain EOA signature, the suffix alone, the suffix not last, and text that is not hex.
    expect(isErc6492Signature(inner)).toBe(false);
    expect(isErc6492Signature(SUFFIX)).toBe(false);
    expect(isErc6492Signature(concat([SUFFIX, inner]))).toBe(false);
    expect(isErc6492Signature(`${wrap(inner)}0`)).toBe(false);
    expect(isErc6492Signature(wrap(inner).replace(/^0x/, '0xzz'))).toBe(false);
    expect(isErc6492Signature(wrap(inner).slice(2))).toBe(false);
  });

  it('are checked by the compiled contracts/Erc6492Check.sol, byte for byte', () => {
    const { Erc6492Check } = compileSolidity('contracts/Erc6492Check.sol', 'paris');
    expect(ERC6492_CHECK_BYTECODE).toBe(Erc6492Check);
  });
});
