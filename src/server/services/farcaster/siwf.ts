import { SIWF_CHAIN_ID, SIWF_STATEMENT, siwfFidResource } from '../../../protocol/farcaster.js';
import { SIWE_CLOCK_SKEW_MS } from '../../../protocol/siwe-api.js';
import { ApiError } from '../../errors.js';
import {
  parseSiweMessage,
  SIWE_MESSAGE_MAX_LENGTH,
  type SiweMessage,
  SiweParseError,
  timeProblem,
} from '../login/siwe-message.js';

/** What a Sign In With Farcaster message must say for this channel and request. */
export interface SiwfExpectation {
  /** The host the channel was opened for (the requesting page's). */
  domain: string;
  /** The origin the channel was opened for. */
  uri: string;
  /** The fid the body claims. */
  fid: number;
  /** The request's Origin header and the app's origins. */
  origin: string | undefined;
  allowedOrigins: readonly string[];
  now: number;
  /** How old `Issued At` may be. */
  maxAgeMs: number;
}

/** The statement of FIP-11, and the one the first relays used. */
const STATEMENTS = new Set([SIWF_STATEMENT, 'Farcaster Connect']);
const FID_RESOURCE = /^farcaster:\/\/fid\/([1-9]\d*)\/?$/;
const SIGNER_RESOURCE = /^farcaster:\/\/signer\/type\/([A-Za-z]+)\/?$/;

function refuse(reason: string): never {
  throw new ApiError('invalid_farcaster_message', `Invalid Sign In With Farcaster message: ${reason}.`);
}

function parse(text: string): SiweMessage {
  if (text.length > SIWE_MESSAGE_MAX_LENGTH) refuse('the message is too long');
  try {
    return parseSiweMessage(text);
  } catch (error) {
    if (error instanceof SiweParseError) refuse(error.message);
    throw error;
  }
}

function checkPlace(message: SiweMessage, expected: SiwfExpectation): void {
  const { origin } = expected;
  if (origin === undefined) refuse('the request has no Origin');
  if (!expected.allowedOrigins.includes(origin)) refuse('the request Origin is not an origin of this app');
  if (message.domain !== expected.domain || new URL(origin).host !== expected.domain)
    refuse("the domain is not the app's");
  if (message.uri !== expected.uri) refuse("the URI is not the app's");
}

/** One fid resource, the body's; the custody signer type or none (auth addresses are not accepted). */
function checkResources(message: SiweMessage, fid: number): void {
  const fids = message.resources.filter((resource) => FID_RESOURCE.test(resource));
  if (fids.length !== 1) refuse('it must name exactly one fid resource');
  if (fids[0]?.replace(/\/$/, '') !== siwfFidResource(fid)) refuse('its fid is not the fid sent');
  const methods = message.resources.map((resource) => SIGNER_RESOURCE.exec(resource)?.[1]).filter(Boolean);
  if (methods.length > 1) refuse('it names several signer types');
  if (methods[0] !== undefined && methods[0] !== 'custody') refuse('only custody signatures are accepted');
}

/**
 * Parses a Sign In With Farcaster message (FIP-11: an EIP-4361 message with the statement
 * 'Farcaster Auth', Chain ID 10 and a `farcaster://fid/<fid>` resource) and checks everything
 * but the signature and the nonce: the app's domain and URI, the fid, the times.
 */
export function checkSiwfMessage(text: string, expected: SiwfExpectation): SiweMessage {
  const message = parse(text);
  checkPlace(message, expected);
  if (!message.statement || !STATEMENTS.has(message.statement))
    refuse(`the statement must be '${SIWF_STATEMENT}'`);
  if (message.chainId !== SIWF_CHAIN_ID) refuse(`Chain ID must be ${SIWF_CHAIN_ID}`);
  checkResources(message, expected.fid);
  const problem = timeProblem(message, expected.now, expected.maxAgeMs, SIWE_CLOCK_SKEW_MS);
  if (problem) refuse(problem);
  return message;
}
