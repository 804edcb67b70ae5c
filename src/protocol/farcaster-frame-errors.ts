/**
 * Developer-facing messages of the wallet frame's Farcaster refusals (farcaster-frame.ts), error
 * type `invalid_request_arguments`. A file of their own: only the frame's lazy Farcaster chunk needs them.
 */
export const FARCASTER_FRAME_ERRORS = {
  noSignerKey: 'No Farcaster signer key on this device: request a signer first (init-signer).',
  invalidFid: 'fid must be a positive integer.',
  invalidHash: 'A cast hash is 0x and 40 hex digits.',
  invalidReactionType: 'reactionType must be 1 (like) or 2 (recast).',
  invalidCast: 'The cast is not valid',
} as const;
