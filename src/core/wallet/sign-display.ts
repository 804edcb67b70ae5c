/**
 * Typed data (EIP-712) as the host's call gives it, checked before it goes to the frame; the
 * frame's surface shows it (frame/review.ts).
 */
import { WALLET_FLOW_TEXT } from '../text/wallet-flow.js';
import { invalidParams } from './provider-error.js';

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

/** JSON of typed data for the frame (bigints as decimal strings, as EIP-712 JSON carries them). */
export function typedDataJson(data: TypedData): string {
  return JSON.stringify(data, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
}
