/**
 * The EIP-4361 (Sign-In With Ethereum) message the wallet signs (§4.4, §5): the page's host as
 * domain and its origin as URI, SIWE_STATEMENT (English whatever the widget's language), the
 * chain, the server's nonce and the time of issue.
 */
import { SIWE_STATEMENT, SIWE_VERSION } from '../../../protocol/siwe-api.js';

export interface SiweFields {
  domain: string;
  /** EIP-55 checksum address (siwe/init answers it). */
  address: string;
  uri: string;
  chainId: number;
  nonce: string;
  issuedAt: string;
  statement?: string;
}

export function siweMessage(fields: SiweFields): string {
  return [
    `${fields.domain} wants you to sign in with your Ethereum account:`,
    fields.address,
    '',
    fields.statement ?? SIWE_STATEMENT,
    '',
    `URI: ${fields.uri}`,
    `Version: ${SIWE_VERSION}`,
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
  ].join('\n');
}

/** personal_sign's message parameter: the UTF-8 bytes as 0x hex. */
export function utf8ToHex(text: string): string {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
