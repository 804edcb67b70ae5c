/**
 * What the sign screen shows of a request (§4.6): a message as text (UTF-8 hex bytes decoded), and
 * a typed-data request (EIP-712) as its primary type, domain fields and message.
 */
import { WALLET_FLOW_TEXT } from '../errors/wallet-flow-text.js';
import type { TypedDataSummary } from './embedded/ui-state.js';
import { hexToBytes, isHex } from './hex.js';
import { invalidParams } from './provider-error.js';

/** A `0x` message of whole bytes that is valid UTF-8 is shown decoded; anything else as given. */
export function displayMessage(message: string): string {
  if (!isHex(message) || message.length % 2 !== 0 || message.length === 2) return message;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message));
  } catch {
    return message;
  }
}

export interface TypedData {
  domain: Record<string, unknown>;
  types: Record<string, Array<{ name: string; type: string }>>;
  primaryType: string;
  message: Record<string, unknown>;
}

/** Parses eth_signTypedData_v4's argument (a JSON string or an object); -32602 when it is not typed data. */
export function parseTypedData(value: unknown): TypedData {
  let data: unknown = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch {
      throw invalidParams(WALLET_FLOW_TEXT.invalidTypedData);
    }
  }
  const typed = data as Partial<TypedData> | null;
  if (
    !typed ||
    typeof typed !== 'object' ||
    !typed.domain ||
    typeof typed.domain !== 'object' ||
    !typed.types ||
    typeof typed.types !== 'object' ||
    typeof typed.primaryType !== 'string' ||
    !typed.message ||
    typeof typed.message !== 'object'
  ) {
    throw invalidParams(WALLET_FLOW_TEXT.invalidTypedData);
  }
  return typed as TypedData;
}

const DOMAIN_FIELDS = ['name', 'version', 'chainId', 'verifyingContract', 'salt'] as const;

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'bigint' ? value.toString() : JSON.stringify(value);

/** The sign screen's view of typed data: the domain in its usual order, the message as pretty JSON. */
export function summarizeTypedData(data: TypedData): TypedDataSummary {
  const domain: Array<[string, string]> = [];
  for (const field of DOMAIN_FIELDS) {
    const value = data.domain[field];
    if (value !== undefined && value !== null) domain.push([field, asText(value)]);
  }
  const message = JSON.stringify(
    data.message,
    (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
    2,
  );
  return { primaryType: data.primaryType, domain, message };
}

/** JSON of typed data for the frame (bigints as decimal strings, as EIP-712 JSON carries them). */
export function typedDataJson(data: TypedData): string {
  return JSON.stringify(data, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
}
