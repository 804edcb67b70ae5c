/**
 * The frame's Farcaster requests (§7): the signer key, made here and kept beside the wallet's
 * device share (same store, keyed by app and embedded-wallet address), and the actions, each a
 * Farcaster message built and signed here and submitted through the provider. The private key
 * never leaves the frame: replies carry the public key, the approval link and message hashes.
 */
import {
  FARCASTER_MESSAGE_TYPES,
  FARCASTER_REACTION_TYPES,
  type FarcasterSignerResponse,
} from '../../protocol/farcaster.js';
import type {
  FarcasterFrameReplyData as Reply,
  FarcasterFrameRequestData as Request,
} from '../../protocol/farcaster-frame.js';
import { FARCASTER_FRAME_ERRORS } from '../../protocol/farcaster-frame-errors.js';
import type { DeviceShareStore } from '../device-store.js';
import {
  InvalidArgumentsError,
  requireAddress,
  requireToken,
  WalletNotOnDeviceError,
} from '../wallet-service.js';
import type { FarcasterFrameApi } from './api.js';
import { castBodyOf, requireCastId, requireFid, requireHash, requireReactionType } from './input.js';
import {
  castIdBytes,
  encodeMessageData,
  hexToBytes,
  type MessageBody,
  newSignerKey,
  publicKeyOf,
  signMessage,
} from './messages.js';

export interface FarcasterFrameServiceOptions {
  appId: string;
  store: DeviceShareStore;
  api: FarcasterFrameApi;
  /** Clock in milliseconds, for message timestamps. */
  now?: () => number;
}

/** Where the signer key of an embedded wallet is kept in the device share store. */
export const signerKeySlot = (address: string): string => `farcaster-signer:${address.toLowerCase()}`;

export class FarcasterFrameService {
  private readonly now: () => number;

  constructor(private readonly options: FarcasterFrameServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The signer of this device's wallet: its key asked for approval (or its request's status);
   * a new key when there is none yet or the user refused the last one.
   */
  async initSigner(data: Request['farcaster:init-signer']): Promise<Reply['farcaster:init-signer']> {
    const accessToken = requireToken(data?.accessToken);
    const address = requireAddress(data.address);
    const { appId, store, api } = this.options;
    const device = await store.get(appId, address);
    if (!device) throw new WalletNotOnDeviceError();
    device.fill(0);
    const kept = await store.get(appId, signerKeySlot(address));
    if (kept) {
      const answer: FarcasterSignerResponse = await api.signerInit(accessToken, publicKeyOf(kept));
      kept.fill(0);
      if (answer.status !== 'revoked') return answer;
    }
    const { secretKey, publicKey } = newSignerKey();
    await store.put(appId, signerKeySlot(address), secretKey);
    secretKey.fill(0);
    return api.signerInit(accessToken, publicKey);
  }

  submitCast(data: Request['farcaster:submit-cast']): Promise<Reply['farcaster:submit-cast']> {
    return this.act(data, () => ({ type: FARCASTER_MESSAGE_TYPES.castAdd, cast: castBodyOf(data.cast) }));
  }

  removeCast(data: Request['farcaster:remove-cast']): Promise<Reply['farcaster:remove-cast']> {
    return this.act(data, () => ({
      type: FARCASTER_MESSAGE_TYPES.castRemove,
      targetHash: hexToBytes(requireHash(data.hash)),
    }));
  }

  /** A like (reaction type 1) or a recast (type 2) of a cast. */
  reactToCast(data: Request['farcaster:react-to-cast']): Promise<Reply['farcaster:react-to-cast']> {
    return this.act(data, () => ({
      type: FARCASTER_MESSAGE_TYPES.reactionAdd,
      reactionType: requireReactionType(data.reactionType ?? FARCASTER_REACTION_TYPES.like),
      target: castIdBytes(requireCastId(data.target)),
    }));
  }

  /** Follows `targetFid`. */
  submitLink(data: Request['farcaster:submit-link']): Promise<Reply['farcaster:submit-link']> {
    return this.act(data, () => ({
      type: FARCASTER_MESSAGE_TYPES.linkAdd,
      targetFid: requireFid(data.targetFid, 'targetFid'),
    }));
  }

  /** Unfollows `targetFid`. */
  removeLink(data: Request['farcaster:remove-link']): Promise<Reply['farcaster:remove-link']> {
    return this.act(data, () => ({
      type: FARCASTER_MESSAGE_TYPES.linkRemove,
      targetFid: requireFid(data.targetFid, 'targetFid'),
    }));
  }

  /** Checks the request, signs its message with this device's signer key and submits it. */
  private async act(
    data: { accessToken?: unknown; address?: unknown; fid?: unknown } | undefined,
    body: () => MessageBody,
  ): Promise<{ hash: string }> {
    const accessToken = requireToken(data?.accessToken);
    const address = requireAddress(data?.address);
    const fid = requireFid(data?.fid);
    const message = body();
    const { appId, store, api } = this.options;
    const key = await store.get(appId, signerKeySlot(address));
    if (!key) throw new InvalidArgumentsError(FARCASTER_FRAME_ERRORS.noSignerKey);
    let signed: ReturnType<typeof signMessage>;
    try {
      signed = signMessage(encodeMessageData(fid, this.now(), message), key);
    } finally {
      key.fill(0);
    }
    const { hash } = await api.submit(accessToken, signed.bytes);
    return { hash };
  }
}
