/**
 * The frame's checks of a Farcaster request from the host, with the hubs' own limits, so a
 * mistake is refused here with a clear message (error type invalid_request_arguments) rather
 * than signed and sent.
 */
import {
  FARCASTER_CAST_LIMITS,
  FARCASTER_REACTION_TYPES,
  type FarcasterReactionType,
} from '../../protocol/farcaster.js';
import type { FarcasterCastId, FarcasterCastInput } from '../../protocol/farcaster-frame.js';
import { FARCASTER_FRAME_ERRORS } from '../../protocol/farcaster-frame-errors.js';
import { InvalidArgumentsError } from '../wallet-service.js';
import { type CastBody, castIdBytes } from './messages.js';

const HASH = /^0x[0-9a-fA-F]{40}$/;
/** Hubs refuse URLs (embeds, parent URLs) over 256 bytes. */
const URL_MAX_BYTES = 256;
const utf8Length = (text: string): number => new TextEncoder().encode(text).length;

function refuseCast(reason: string): never {
  throw new InvalidArgumentsError(`${FARCASTER_FRAME_ERRORS.invalidCast}: ${reason}.`);
}

export function requireFid(value: unknown, field = 'fid'): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new InvalidArgumentsError(
      field === 'fid' ? FARCASTER_FRAME_ERRORS.invalidFid : `${field} must be a positive integer.`,
    );
  }
  return value;
}

export function requireHash(value: unknown): string {
  if (typeof value !== 'string' || !HASH.test(value))
    throw new InvalidArgumentsError(FARCASTER_FRAME_ERRORS.invalidHash);
  return value;
}

export function requireCastId(value: unknown): FarcasterCastId {
  const castId = value as Partial<FarcasterCastId> | null;
  if (typeof castId !== 'object' || castId === null)
    throw new InvalidArgumentsError(FARCASTER_FRAME_ERRORS.invalidHash);
  return { fid: requireFid(castId.fid, 'target fid'), hash: requireHash(castId.hash) };
}

export function requireReactionType(value: unknown): FarcasterReactionType {
  if (value !== FARCASTER_REACTION_TYPES.like && value !== FARCASTER_REACTION_TYPES.recast) {
    throw new InvalidArgumentsError(FARCASTER_FRAME_ERRORS.invalidReactionType);
  }
  return value;
}

function checkUrl(url: unknown, what: string): string {
  if (typeof url !== 'string' || url === '' || utf8Length(url) > URL_MAX_BYTES) {
    refuseCast(`${what} must be a URL of at most ${URL_MAX_BYTES} bytes`);
  }
  return url;
}

function embedsOf(value: unknown): CastBody['embeds'] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > FARCASTER_CAST_LIMITS.embeds) {
    refuseCast(`embeds must be a list of at most ${FARCASTER_CAST_LIMITS.embeds}`);
  }
  return value.map((embed: { url?: unknown; castId?: unknown }) =>
    embed?.castId !== undefined
      ? { castId: castIdBytes(requireCastId(embed.castId)) }
      : { url: checkUrl(embed?.url, 'an embed') },
  );
}

/** Mentions (fids) at byte positions of the text, in ascending order, as many as positions. */
function mentionsOf(input: FarcasterCastInput, textBytes: number) {
  const mentions = input.mentions ?? [];
  const positions = input.mentionsPositions ?? [];
  if (!Array.isArray(mentions) || !Array.isArray(positions) || mentions.length !== positions.length) {
    refuseCast('mentions and mentionsPositions must be lists of the same length');
  }
  if (mentions.length > FARCASTER_CAST_LIMITS.mentions)
    refuseCast(`at most ${FARCASTER_CAST_LIMITS.mentions} mentions`);
  for (const fid of mentions) requireFid(fid, 'a mention');
  positions.forEach((position, i) => {
    const previous = positions[i - 1] ?? 0;
    if (!Number.isInteger(position) || position < previous || position > textBytes) {
      refuseCast('mentionsPositions must be ascending byte positions in the text');
    }
  });
  return { mentions, mentionsPositions: positions };
}

/** A cast the hubs accept: text of at most 320 bytes, embeds, mentions, one parent at most, not empty. */
export function castBodyOf(value: unknown): CastBody {
  const input = value as FarcasterCastInput | null;
  if (typeof input !== 'object' || input === null || typeof input.text !== 'string')
    refuseCast('text is required');
  const textBytes = utf8Length(input.text);
  if (textBytes > FARCASTER_CAST_LIMITS.textBytes)
    refuseCast(`text is over ${FARCASTER_CAST_LIMITS.textBytes} bytes`);
  if (input.parentCastId !== undefined && input.parentUrl !== undefined) {
    refuseCast('a cast has parentCastId or parentUrl, not both');
  }
  const body: CastBody = {
    text: input.text,
    embeds: embedsOf(input.embeds),
    ...mentionsOf(input, textBytes),
  };
  if (input.parentCastId !== undefined) body.parentCastId = castIdBytes(requireCastId(input.parentCastId));
  if (input.parentUrl !== undefined) body.parentUrl = checkUrl(input.parentUrl, 'parentUrl');
  if (body.text === '' && body.embeds.length === 0 && body.mentions.length === 0)
    refuseCast('the cast is empty');
  return body;
}
