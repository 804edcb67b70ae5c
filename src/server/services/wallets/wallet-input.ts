/**
 * Checks of what the wallet frame sends (addresses, recovery methods, password boxes) and the
 * stored forms the embedded wallet's rows and linked account take.
 */

import type { PasskeyBox } from '../../../protocol/passkey.js';
import {
  EMBEDDED_WALLET_CLIENT_TYPE,
  EMBEDDED_WALLET_CONNECTOR_TYPE,
  type PasswordBox,
  RECOVERY_METHODS,
  type RecoveryMethod,
} from '../../../protocol/wallet-api.js';
import { ApiError } from '../../errors.js';
import { getAddress } from '../users/address.js';

/** Bounds of a PasswordBox's Argon2id parameters: sane work for a browser, refusing junk. */
const PASSWORD_BOX_LIMITS = { t: [1, 64], m: [1024, 4 * 1024 * 1024], p: [1, 16] } as const;
const PASSWORD_BOX_FIELD_MAX_LENGTH = 2048;
const B64URL = /^[A-Za-z0-9_-]+$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** `0x` + 40 hex digits in any case → EIP-55; 400 invalid_data otherwise (or for a wrong checksum). */
export function checksumAddress(value: string, field = 'address'): string {
  if (ADDRESS.test(value)) {
    try {
      return getAddress(value);
    } catch {}
  }
  throw new ApiError('invalid_data', `Invalid field '${field}': not an Ethereum address.`);
}

export function isRecoveryMethod(value: unknown): value is RecoveryMethod {
  return (RECOVERY_METHODS as readonly unknown[]).includes(value);
}

function inRange(value: unknown, [min, max]: readonly [number, number]): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** Whether a value is a well-formed PasswordBox (its crypto is the frame's business). */
export function isPasswordBox(value: unknown): value is PasswordBox {
  const box = value as Record<string, unknown> | null;
  if (typeof box !== 'object' || box === null || box.kdf !== 'argon2id') return false;
  const fields = [box.salt, box.iv, box.ct];
  if (
    !fields.every(
      (field) =>
        typeof field === 'string' && B64URL.test(field) && field.length <= PASSWORD_BOX_FIELD_MAX_LENGTH,
    )
  ) {
    return false;
  }
  const keys = Object.keys(box);
  if (keys.some((key) => !['kdf', 'salt', 't', 'm', 'p', 'iv', 'ct'].includes(key))) return false;
  return (
    inRange(box.t, PASSWORD_BOX_LIMITS.t) &&
    inRange(box.m, PASSWORD_BOX_LIMITS.m) &&
    inRange(box.p, PASSWORD_BOX_LIMITS.p)
  );
}

/** The stored form of a PasswordBox: exactly its fields, in a fixed order. */
export function passwordBoxJson(box: PasswordBox): string {
  const { kdf, salt, t, m, p, iv, ct } = box;
  return JSON.stringify({ kdf, salt, t, m, p, iv, ct });
}

/** Exact decoded length of a base64url field (no padding). */
const decodedLength = (value: string): number => Buffer.from(value, 'base64url').length;
const isB64url = (value: unknown, maxLength: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= maxLength && B64URL.test(value);
/** Longest credential id WebAuthn allows (1023 bytes), base64url. */
const CREDENTIAL_ID_MAX_LENGTH = 1364;
/** A sealed share: the share (17 bytes for 16 of entropy; at most 512) and the 16-byte GCM tag. */
const PASSKEY_BOX_CT_BYTES = [17, 512 + 16] as const;

/** Whether a value is a well-formed PasskeyBox: its fields and their sizes (its crypto is the frame's business). */
export function isPasskeyBox(value: unknown): value is PasskeyBox {
  const box = value as Record<string, unknown> | null;
  if (typeof box !== 'object' || box === null || box.kdf !== 'hkdf-sha256-prf') return false;
  if (Object.keys(box).some((key) => !['kdf', 'credentialId', 'salt', 'iv', 'ct'].includes(key)))
    return false;
  if (!isB64url(box.credentialId, CREDENTIAL_ID_MAX_LENGTH)) return false;
  if (!isB64url(box.salt, 64) || decodedLength(box.salt) !== 32) return false;
  if (!isB64url(box.iv, 32) || decodedLength(box.iv) !== 12) return false;
  if (!isB64url(box.ct, 2048)) return false;
  const ct = decodedLength(box.ct);
  return ct >= PASSKEY_BOX_CT_BYTES[0] && ct <= PASSKEY_BOX_CT_BYTES[1];
}

/** The stored form of a PasskeyBox: exactly its fields, in a fixed order. */
export function passkeyBoxJson(box: PasskeyBox): string {
  const { kdf, credentialId, salt, iv, ct } = box;
  return JSON.stringify({ kdf, credentialId, salt, iv, ct });
}

/** The `wallet` linked account's wire fields beyond type and times (EmbeddedWalletAccountWire). */
export function walletAccountData(address: string, recoveryMethod: RecoveryMethod): Record<string, unknown> {
  return {
    address,
    chain_type: 'ethereum',
    chain_id: null,
    wallet_client: EMBEDDED_WALLET_CLIENT_TYPE,
    wallet_client_type: EMBEDDED_WALLET_CLIENT_TYPE,
    connector_type: EMBEDDED_WALLET_CONNECTOR_TYPE,
    recovery_method: recoveryMethod,
  };
}
