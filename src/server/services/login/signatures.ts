/** ERC-1271 `isValidSignature(bytes32,bytes)` answers this selector when the signature is valid. */
const ERC1271_MAGIC_VALUE = '0x1626ba7e';
const ERC1271_ABI = ['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)'];
/** How long a contract call to an app's RPC may take. */
const RPC_CALL_TIMEOUT_MS = 10_000;

/**
 * One `eth_call` through the RPC, given up after RPC_CALL_TIMEOUT_MS; the answer's hex data. With
 * `to` null, `data` is creation code run without deploying it.
 */
export async function ethCall(
  rpcUrl: string,
  chainId: number,
  to: string | null,
  data: string,
): Promise<string> {
  // ethers is loaded by the first call that needs it, not at start-up.
  const { JsonRpcProvider } = await import('ethers');
  const provider = new JsonRpcProvider(rpcUrl, chainId, { staticNetwork: true });
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the RPC call timed out')), RPC_CALL_TIMEOUT_MS);
    });
    return await Promise.race([provider.call({ to, data }), timeout]);
  } finally {
    clearTimeout(timer);
    provider.destroy();
  }
}

/**
 * Whether `signature` signs `message` (EIP-191) for `address`: it recovers to the address, or,
 * through `rpcUrl`, the contract at the address accepts it (ERC-1271).
 */
export async function isSignedBy(
  address: string,
  message: string,
  signature: string,
  chainId: number,
  rpcUrl: string | undefined,
): Promise<boolean> {
  if (!/^0x[0-9a-fA-F]*$/.test(signature) || signature.length % 2 !== 0) return false;
  const { hashMessage, Interface, verifyMessage } = await import('ethers');
  try {
    if (verifyMessage(message, signature).toLowerCase() === address.toLowerCase()) return true;
  } catch {
    // Not a 65-byte ECDSA signature: a contract account may still accept it.
  }
  if (!rpcUrl) return false;
  try {
    const data = new Interface(ERC1271_ABI).encodeFunctionData('isValidSignature', [
      hashMessage(message),
      signature,
    ]);
    const answer = await ethCall(rpcUrl, chainId, address, data);
    return answer.slice(0, 10).toLowerCase() === ERC1271_MAGIC_VALUE;
  } catch {
    return false;
  }
}
