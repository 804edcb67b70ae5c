/**
 * EIP-55 mixed-case checksum addresses, written once for the provider and the widget. The hash is
 * passed in (Keccak-256 from @noble/hashes on both sides): protocol code has no dependencies.
 */
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The EIP-55 form of a 0x address, as ethers' getAddress gives it: an all-lower or all-upper
 * address is accepted as it is, a mixed-case one only with the right checksum; anything else throws.
 */
export function checksumAddress(address: string, keccak256: (data: Uint8Array) => Uint8Array): string {
  if (!HEX_ADDRESS.test(address)) throw new Error(`not an address: ${address}`);
  const lower = address.slice(2).toLowerCase();
  const hash = keccak256(new TextEncoder().encode(lower));
  let checksummed = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = ((hash[i >> 1] as number) >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    checksummed += nibble >= 8 ? (lower[i] as string).toUpperCase() : lower[i];
  }
  const body = address.slice(2);
  const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (mixed && checksummed !== address) throw new Error(`bad address checksum: ${address}`);
  return checksummed;
}
