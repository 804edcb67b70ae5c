/**
 * RFC 6238 authenticator codes (HMAC-SHA1, 6 digits, 30-second steps, one step of drift) through
 * `otpauth`, on the server's clock. Pure functions: the secrets are stored by services/mfa/mfa.ts.
 */
import { Secret, TOTP } from 'otpauth';
import { TOTP_PARAMETERS } from '../../../protocol/mfa.js';

/** 160 bits, the size RFC 4226 recommends for HMAC-SHA1. */
const SECRET_BYTES = 20;
const CODE = /^[0-9]+$/;

function totpOf(secretBase32: string, digits: number, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secretBase32),
    algorithm: TOTP_PARAMETERS.algorithm,
    digits,
    period: TOTP_PARAMETERS.periodSeconds,
  });
}

/** A new shared secret from the CSPRNG, base32 (as the otpauth URI and the user see it). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** `otpauth://totp/<issuer>:<label>?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30`. */
export function totpUri(secretBase32: string, issuer: string, label: string): string {
  return totpOf(secretBase32, TOTP_PARAMETERS.digits, issuer, label).toString();
}

/** The 30-second time step of a moment (RFC 6238's T). */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PARAMETERS.periodSeconds);
}

/**
 * The time step whose code `code` is, within one step of `nowMs`; undefined when it is none of
 * them (or not `digits` digits). Callers refuse a step already used (replay).
 */
export function matchTotpStep(
  secretBase32: string,
  code: string,
  nowMs: number,
  digits: number = TOTP_PARAMETERS.digits,
): number | undefined {
  if (code.length !== digits || !CODE.test(code)) return undefined;
  const delta = totpOf(secretBase32, digits).validate({
    token: code,
    timestamp: nowMs,
    window: TOTP_PARAMETERS.window,
  });
  return delta === null ? undefined : totpStep(nowMs) + delta;
}
