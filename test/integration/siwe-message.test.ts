import { describe, expect, it } from 'vitest';
import { formatSiweMessage, parseSiweMessage } from '../../src/server/services/login/siwe-message.js';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** The full example of EIP-4361, every optional field present. */
const FULL = [
  'https://example.com wants you to sign in with your Ethereum account:',
  ADDRESS,
  '',
  'I accept the ExampleOrg Terms of Service: https://example.com/tos',
  '',
  'URI: https://example.com/login',
  'Version: 1',
  'Chain ID: 1',
  'Nonce: 32891756abcdEFGH',
  'Issued At: 2021-09-30T16:25:24Z',
  'Expiration Time: 2021-10-01T16:25:24.000Z',
  'Not Before: 2021-09-30T16:20:00+02:00',
  'Request ID: some-id:1',
  'Resources:',
  '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
  '- https://example.com/my-web2-claim.json',
].join('\n');

/** The smallest message: no statement (two empty lines) and no optional field. */
const MINIMAL = [
  'example.com:8080 wants you to sign in with your Ethereum account:',
  ADDRESS.toLowerCase(),
  '',
  '',
  'URI: http://example.com:8080',
  'Version: 1',
  'Chain ID: 31337',
  'Nonce: abcdefgh',
  'Issued At: 2021-09-30T16:25:24.123Z',
].join('\n');

describe('parseSiweMessage (EIP-4361)', () => {
  it('reads every field of a full message', () => {
    expect(parseSiweMessage(FULL)).toEqual({
      scheme: 'https',
      domain: 'example.com',
      address: ADDRESS,
      statement: 'I accept the ExampleOrg Terms of Service: https://example.com/tos',
      uri: 'https://example.com/login',
      version: '1',
      chainId: 1,
      nonce: '32891756abcdEFGH',
      issuedAt: new Date('2021-09-30T16:25:24Z'),
      expirationTime: new Date('2021-10-01T16:25:24.000Z'),
      notBefore: new Date('2021-09-30T14:20:00Z'),
      requestId: 'some-id:1',
      resources: [
        'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
        'https://example.com/my-web2-claim.json',
      ],
    });
  });

  it('reads a message without statement or optional fields, and formats it back identically', () => {
    const parsed = parseSiweMessage(MINIMAL);
    expect(parsed).toMatchObject({
      scheme: null,
      domain: 'example.com:8080',
      statement: null,
      chainId: 31337,
      nonce: 'abcdefgh',
      expirationTime: null,
      resources: [],
    });
    expect(formatSiweMessage(parsed)).toBe(MINIMAL);
    expect(parseSiweMessage(formatSiweMessage(parseSiweMessage(FULL))).resources).toHaveLength(2);
  });

  const broken: Array<[string, string, RegExp]> = [
    ['another header', FULL.replace('wants you to sign in', 'wants you to log in'), /header/],
    ['a short address', FULL.replace(ADDRESS, ADDRESS.slice(0, 41)), /address/],
    ['CRLF line ends', FULL.replaceAll('\n', '\r\n'), /LF/],
    ['one empty line without statement', MINIMAL.replace('\n\n\n', '\n\n'), /empty line/],
    ['a statement with a line break', FULL.replace('Terms of', 'Terms\nof'), /empty line/],
    ['a statement with characters outside the ABNF', FULL.replace('Terms', 'Términos'), /statement/],
    ['version 2', FULL.replace('Version: 1', 'Version: 2'), /Version/],
    ['a chain id of 0', FULL.replace('Chain ID: 1', 'Chain ID: 0'), /Chain ID/],
    ['a short nonce', FULL.replace('32891756abcdEFGH', 'abc1234'), /Nonce/],
    ['a nonce with symbols', FULL.replace('32891756abcdEFGH', 'abcd-efgh-1234'), /Nonce/],
    ['a date without zone', FULL.replace('16:25:24Z', '16:25:24'), /Issued At/],
    ['an impossible date', FULL.replace('2021-09-30T16:25:24Z', '2021-13-45T16:25:24Z'), /Issued At/],
    ['fields out of order', FULL.replace('Version: 1\nChain ID: 1', 'Chain ID: 1\nVersion: 1'), /Version/],
    ['a relative URI', FULL.replace('URI: https://example.com/login', 'URI: /login'), /URI/],
    [
      'a resource without dash',
      FULL.replace('- https://example.com/my', 'https://example.com/my'),
      /resource/,
    ],
    ['trailing text', `${MINIMAL}\nHello`, /line 10/],
    ['a trailing line break', `${MINIMAL}\n`, /line 10/],
    ['no fields at all', 'example.com wants you to sign in with your Ethereum account:', /ends early/],
  ];
  it.each(broken)('refuses %s', (_, message, reason) => {
    expect(() => parseSiweMessage(message)).toThrow(reason);
  });
});
