import { FARCASTER_ID_REGISTRY_ADDRESS, SIWF_CHAIN_ID } from '../../../protocol/farcaster.js';
import { ApiError } from '../../errors.js';
import { ethCall } from '../login/signatures.js';

const ID_REGISTRY_ABI = ['function custodyOf(uint256 fid) view returns (address)'];

/**
 * The custody address of a fid, as the Farcaster ID registry on OP Mainnet says (through the
 * app's RPC); null when the fid is not registered. farcaster_unavailable when the RPC cannot answer.
 */
export async function custodyOf(rpcUrl: string, fid: number): Promise<string | null> {
  const { getAddress, Interface, ZeroAddress } = await import('ethers');
  const ID_REGISTRY = new Interface(ID_REGISTRY_ABI);
  let answer: string;
  try {
    answer = await ethCall(
      rpcUrl,
      SIWF_CHAIN_ID,
      FARCASTER_ID_REGISTRY_ADDRESS,
      ID_REGISTRY.encodeFunctionData('custodyOf', [fid]),
    );
  } catch {
    throw new ApiError('farcaster_unavailable', 'The ID registry could not be read through the RPC.');
  }
  let custody: string;
  try {
    custody = getAddress(ID_REGISTRY.decodeFunctionResult('custodyOf', answer)[0] as string);
  } catch {
    throw new ApiError('farcaster_unavailable', 'The RPC gave no ID registry answer (is it OP Mainnet?).');
  }
  return custody === ZeroAddress ? null : custody;
}
