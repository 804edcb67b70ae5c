/**
 * Strict parser of EIP-4361 (Sign-In With Ethereum) messages, following the ABNF of the EIP:
 *
 *   [ scheme "://" ] domain " wants you to sign in with your Ethereum account:" LF
 *   address LF
 *   LF
 *   [ statement LF ]
 *   LF
 *   "URI: " uri LF
 *   "Version: 1" LF
 *   "Chain ID: " chain-id LF
 *   "Nonce: " nonce LF
 *   "Issued At: " date-time
 *   [ LF "Expiration Time: " date-time ]
 *   [ LF "Not Before: " date-time ]
 *   [ LF "Request ID: " request-id ]
 *   [ LF "Resources:" *( LF "- " uri ) ]
 *
 * Anything else (another order, a missing or repeated field, CR line ends, trailing text) is refused.
 */

export interface SiweMessage {
  /** URI scheme before the domain, when the message names one (e.g. `https`). */
  scheme: string | null;
  /** RFC 3986 authority: host and optional port (and userinfo). */
  domain: string;
  /** As written in the message (0x + 40 hex digits). */
  address: string;
  statement: string | null;
  uri: string;
  version: string;
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date | null;
  notBefore: Date | null;
  requestId: string | null;
  resources: string[];
}

/** Why a message was refused by the parser. */
export class SiweParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SiweParseError';
  }
}

const HEADER_SUFFIX = ' wants you to sign in with your Ethereum account:';
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
/** RFC 3986 authority: [ userinfo "@" ] host [ ":" port ], host a reg-name, IPv4 or [IP-literal]. */
const AUTHORITY =
  /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*@?(?:\[[0-9A-Fa-f:.]+\]|(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})+)(?::[0-9]*)?$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** EIP-4361 statement: reserved / unreserved characters and spaces, no line break. */
const STATEMENT = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]+$/;
const CHAIN_ID = /^[1-9][0-9]{0,15}$/;
const NONCE = /^[A-Za-z0-9]{8,}$/;
/** RFC 3339 date-time. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;
/** RFC 3986 pchar. */
const REQUEST_ID = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*$/;
/** An absolute RFC 3986 URI: scheme ":" then URI characters only. */
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;

/** Maximum message size accepted before parsing. */
export const SIWE_MESSAGE_MAX_LENGTH = 8192;

function fail(reason: string): never {
  throw new SiweParseError(reason);
}

function dateTime(text: string, field: string): Date {
  if (!DATE_TIME.test(text)) fail(`${field} is not an RFC 3339 date-time`);
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) fail(`${field} is not a valid date`);
  return date;
}

function uri(text: string, field: string): string {
  if (!URI.test(text)) fail(`${field} is not an absolute URI`);
  return text;
}

/** The message's lines, read one at a time. */
class Lines {
  private at = 0;
  constructor(private readonly lines: string[]) {}

  /** The 1-based number of the line read last. */
  get number(): number {
    return this.at;
  }

  get done(): boolean {
    return this.at >= this.lines.length;
  }

  peek(): string | undefined {
    return this.lines[this.at];
  }

  next(): string {
    const line = this.lines[this.at];
    if (line === undefined) fail('the message ends early');
    this.at += 1;
    return line;
  }

  field(name: string): string {
    const line = this.next();
    if (!line.startsWith(`${name}: `)) fail(`expected '${name}: ' on line ${this.at}`);
    return line.slice(name.length + 2);
  }

  optional(name: string): string | null {
    return this.peek()?.startsWith(`${name}: `) ? this.field(name) : null;
  }
}

/** `${scheme}://${domain} wants you to sign in with your Ethereum account:` */
function parseHeader(header: string): { scheme: string | null; domain: string } {
  if (!header.endsWith(HEADER_SUFFIX)) fail('the first line is not the EIP-4361 header');
  const origin = header.slice(0, -HEADER_SUFFIX.length);
  const schemeEnd = origin.indexOf('://');
  const scheme = schemeEnd >= 0 ? origin.slice(0, schemeEnd) : null;
  const domain = schemeEnd >= 0 ? origin.slice(schemeEnd + 3) : origin;
  if (scheme !== null && !SCHEME.test(scheme)) fail('the scheme is not valid');
  if (domain === '' || !AUTHORITY.test(domain)) fail('the domain is not a valid authority');
  return { scheme, domain };
}

/** The address, an empty line, and the optional statement with its empty line. */
function parseAddressAndStatement(lines: Lines): { address: string; statement: string | null } {
  const address = lines.next();
  if (!ADDRESS.test(address)) fail('the address is not 0x and 40 hex digits');
  if (lines.next() !== '') fail('expected an empty line after the address');
  const afterAddress = lines.next();
  if (afterAddress === '') return { address, statement: null };
  if (!STATEMENT.test(afterAddress)) fail('the statement has characters EIP-4361 does not allow');
  if (lines.next() !== '') fail('expected an empty line after the statement');
  return { address, statement: afterAddress };
}

/** URI, Version, Chain ID, Nonce and Issued At, in that order. */
function parseRequiredFields(lines: Lines) {
  const uriText = uri(lines.field('URI'), 'URI');
  const version = lines.field('Version');
  if (version !== '1') fail("Version must be '1'");
  const chainText = lines.field('Chain ID');
  if (!CHAIN_ID.test(chainText)) fail('Chain ID is not a positive integer');
  const nonce = lines.field('Nonce');
  if (!NONCE.test(nonce)) fail('Nonce must be at least 8 letters or digits');
  const issuedAt = dateTime(lines.field('Issued At'), 'Issued At');
  return { uri: uriText, version, chainId: Number(chainText), nonce, issuedAt };
}

/** Expiration Time, Not Before, Request ID and the Resources list, each optional. */
function parseOptionalFields(lines: Lines) {
  const expiration = lines.optional('Expiration Time');
  const notBefore = lines.optional('Not Before');
  const requestId = lines.optional('Request ID');
  if (requestId !== null && !REQUEST_ID.test(requestId)) {
    fail('Request ID has characters EIP-4361 does not allow');
  }
  const resources: string[] = [];
  if (lines.peek() === 'Resources:') {
    lines.next();
    while (!lines.done) {
      const line = lines.next();
      if (!line.startsWith('- ')) fail("each resource line must start with '- '");
      resources.push(uri(line.slice(2), 'a resource'));
    }
  }
  if (!lines.done) fail(`unexpected text on line ${lines.number + 1}`);
  return {
    expirationTime: expiration === null ? null : dateTime(expiration, 'Expiration Time'),
    notBefore: notBefore === null ? null : dateTime(notBefore, 'Not Before'),
    requestId,
    resources,
  };
}

/** Parses an EIP-4361 message; throws SiweParseError saying what is wrong. */
export function parseSiweMessage(message: string): SiweMessage {
  if (message.length > SIWE_MESSAGE_MAX_LENGTH) fail('the message is too long');
  if (message.includes('\r')) fail('lines must end with LF only');
  const lines = new Lines(message.split('\n'));
  const { scheme, domain } = parseHeader(lines.next());
  const { address, statement } = parseAddressAndStatement(lines);
  return {
    scheme,
    domain,
    address,
    statement,
    ...parseRequiredFields(lines),
    ...parseOptionalFields(lines),
  };
}

/**
 * What is wrong with the message's times at `now` (Issued At not in the future beyond `skewMs`
 * nor older than `maxAgeMs`, Expiration Time to come, Not Before reached), or null.
 */
export function timeProblem(
  message: SiweMessage,
  now: number,
  maxAgeMs: number,
  skewMs: number,
): string | null {
  const issuedAt = message.issuedAt.getTime();
  if (issuedAt > now + skewMs) return 'Issued At is in the future';
  if (issuedAt < now - maxAgeMs) return 'Issued At is too old';
  if (message.expirationTime && message.expirationTime.getTime() <= now) return 'the message has expired';
  if (message.notBefore && message.notBefore.getTime() > now + skewMs)
    return 'the message is not valid yet (Not Before)';
  return null;
}

/** The EIP-4361 text of a message (the inverse of parseSiweMessage), e.g. for tests and tools. */
export function formatSiweMessage(message: Omit<SiweMessage, 'version'> & { version?: string }): string {
  const origin = message.scheme ? `${message.scheme}://${message.domain}` : message.domain;
  const lines = [`${origin}${HEADER_SUFFIX}`, message.address, ''];
  if (message.statement) lines.push(message.statement);
  lines.push(
    '',
    `URI: ${message.uri}`,
    `Version: ${message.version ?? '1'}`,
    `Chain ID: ${message.chainId}`,
    `Nonce: ${message.nonce}`,
    `Issued At: ${message.issuedAt.toISOString()}`,
  );
  if (message.expirationTime) lines.push(`Expiration Time: ${message.expirationTime.toISOString()}`);
  if (message.notBefore) lines.push(`Not Before: ${message.notBefore.toISOString()}`);
  if (message.requestId !== null) lines.push(`Request ID: ${message.requestId}`);
  if (message.resources.length > 0) lines.push('Resources:', ...message.resources.map((r) => `- ${r}`));
  return lines.join('\n');
}
