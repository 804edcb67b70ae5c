/**
 * What a client sends for a passkey ceremony, checked before `@simplewebauthn/server` reads it:
 * the credential's JSON shape (anything else is a refused verification, never a server error),
 * and where the ceremony ran (the provider's origin, framed by one of the app's pages).
 */
import { ApiError } from '../../errors.js';

/** A credential's JSON as the checks below admit it. */
export interface CeremonyAnswer {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; userHandle?: unknown; transports?: unknown; [field: string]: unknown };
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment?: string;
}

const B64URL = /^[A-Za-z0-9_-]*$/;
/** Longest credential id WebAuthn allows (1023 bytes), base64url. */
const CREDENTIAL_ID_MAX_LENGTH = 1364;
const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

const failed = () => new ApiError('passkey_verification_failed');

/** The RP ID (the host, without port) and the origin of the provider's public URL. */
export function relyingParty(publicUrl: string): { id: string; origin: string } {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isB64url = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max && B64URL.test(value);

/** The client data's claims about where it ran (no verification: the library checks the rest). */
function clientData(encoded: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as unknown;
    if (isRecord(parsed)) return parsed;
  } catch {}
  throw failed();
}

/**
 * The credential, when it has the shape of one, ran at the provider's origin framed by one of the
 * app's pages (`topOrigin`, when the browser says it); 400 passkey_verification_failed otherwise.
 */
export function checkedAnswer(raw: unknown, allowedOrigins: readonly string[]): CeremonyAnswer {
  if (!isRecord(raw) || !isRecord(raw.response) || !isRecord(raw.clientExtensionResults)) throw failed();
  if (raw.type !== 'public-key' || raw.id !== raw.rawId) throw failed();
  if (!isB64url(raw.id, CREDENTIAL_ID_MAX_LENGTH)) throw failed();
  const { clientDataJSON } = raw.response;
  if (!isB64url(clientDataJSON, 8192)) throw failed();
  const data = clientData(clientDataJSON);
  if (data.crossOrigin === true && data.topOrigin !== undefined) {
    if (typeof data.topOrigin !== 'string' || !allowedOrigins.includes(data.topOrigin)) throw failed();
  }
  const attachment = raw.authenticatorAttachment;
  if (attachment !== undefined && attachment !== null && typeof attachment !== 'string') throw failed();
  return raw as unknown as CeremonyAnswer;
}

/** The transports a registration reported (known ones only). */
export function transportsOf(answer: CeremonyAnswer): string[] {
  const given = answer.response.transports;
  if (!Array.isArray(given)) return [];
  return [...new Set(given.filter((t): t is string => typeof t === 'string' && TRANSPORTS.has(t)))];
}
