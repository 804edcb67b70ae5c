import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';

/** solc-js (the compiler Hardhat carries): a Solidity compiler in WebAssembly, nothing downloaded. */
const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
}

/**
 * The creation code (0x hex) of each contract of a Solidity file, compiled with the optimizer;
 * throws the compiler's errors. `evmVersion` defaults to the compiler's own.
 */
export function compileSolidity(path: string, evmVersion?: string): Record<string, string> {
  const name = basename(path);
  const input = {
    language: 'Solidity',
    sources: { [name]: { content: readFileSync(path, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      ...(evmVersion ? { evmVersion } : {}),
      // No metadata hash: the same source gives the same bytes wherever it is compiled.
      metadata: { bytecodeHash: 'none', appendCBOR: false },
      outputSelection: { '*': { '*': ['evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  const contracts = output.contracts[name] ?? {};
  return Object.fromEntries(
    Object.entries(contracts).map(([contract, { evm }]) => [contract, `0x${evm.bytecode.object}`]),
  );
}
