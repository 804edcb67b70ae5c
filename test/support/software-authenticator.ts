/**
 * A software passkey authenticator, a real WebAuthn peer for the provider's checks: P-256 keys of
 * node:crypto, authenticator data and a 'none' attestation in CBOR, and the client data a browser
 * writes (type, challenge, origin), answered as the credential's `toJSON()` gives them
 * (RegistrationResponseJSON, AuthenticationResponseJSON). What a browser or an authenticator
 * would do differently (another origin, another RP ID, no user verification, a counter gone back)
 * is a per-ceremony option, so tests can show the provider refuses it.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type { PasskeyCredentialJSON, PasskeyOptionsJSON } from '../../src/protocol/passkey.js';

// ---- a minimal CBOR encoder (the major types WebAuthn uses) ----

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

// ---- the authenticator ----

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAGS = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;

/** What this ceremony does differently from an honest browser and authenticator. */
export interface CeremonyChanges {
  origin?: string;
  rpId?: string;
  /** The challenge written into the client data (default: the options'). */
  challenge?: string;
  /** User verification done (default true). */
  uv?: boolean;
  /** The signature counter reported (default: one more than the last). */
  counter?: number;
  /** Client data type (default webauthn.create / webauthn.get). */
  type?: string;
  /** crossOrigin/topOrigin of the client data: the surface framed by this page. */
  topOrigin?: string;
}

interface Credential {
  id: string;
  rpId: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

export interface AuthenticatorOptions {
  /** The browser's origin: the provider's (the surface's). */
  origin: string;
  /** AAGUID, as 36-character text (default all zeros: unnamed). */
  aaguid?: string;
  /** Backup eligible and backed up (a synced passkey), default true. */
  synced?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentials = new Map<string, Credential>();

  constructor(private readonly options: AuthenticatorOptions) {}

  private flags(extra: number, changes: CeremonyChanges): number {
    let flags = FLAGS.up | extra;
    if (changes.uv ?? true) flags |= FLAGS.uv;
    if (this.options.synced ?? true) flags |= FLAGS.be | FLAGS.bs;
    return flags;
  }

  private clientData(type: string, options: PasskeyOptionsJSON, changes: CeremonyChanges): Buffer {
    const data: Record<string, unknown> = {
      type: changes.type ?? type,
      challenge: changes.challenge ?? options.challenge,
      origin: changes.origin ?? this.options.origin,
      crossOrigin: changes.topOrigin !== undefined,
      ...(changes.topOrigin === undefined ? {} : { topOrigin: changes.topOrigin }),
    };
    return Buffer.from(JSON.stringify(data), 'utf8');
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** `navigator.credentials.create()` with the provider's creation options, then `toJSON()`. */
  create(options: PasskeyOptionsJSON, changes: CeremonyChanges = {}): PasskeyCredentialJSON {
    const rp = options.rp as { id: string };
    const user = options.user as { id: string };
    const rpId = changes.rpId ?? rp.id;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x as string, 'base64url')],
      [-3, Buffer.from(jwk.y as string, 'base64url')],
    ]);
    const rawId = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    const aaguid = Buffer.from((this.options.aaguid ?? '0'.repeat(32)).replace(/-/g, ''), 'hex');
    const attested = Buffer.concat([aaguid, idLength, rawId, cbor(coseKey)]);
    const counter = changes.counter ?? 0;
    const authData = this.authData(rpId, this.flags(FLAGS.at, changes), counter, attested);
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
    const id = b64url(rawId);
    this.credentials.set(id, { id, rpId, privateKey, userHandle: user.id, counter });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options, changes)),
        attestationObject: b64url(attestationObject),
        transports: ['hybrid', 'internal'],
        publicKeyAlgorithm: -7,
        authenticatorData: b64url(authData),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
    };
  }

  /**
   * `navigator.credentials.get()`: with `credentialId`, or the one allowed credential this
   * authenticator holds, or (discoverable) its first for the RP ID; then `toJSON()`.
   */
  get(
    options: PasskeyOptionsJSON,
    credentialId?: string,
    changes: CeremonyChanges = {},
  ): PasskeyCredentialJSON {
    const allowed = ((options.allowCredentials as { id: string }[] | undefined) ?? []).map((c) => c.id);
    const rpId = options.rpId as string;
    const credential =
      (credentialId === undefined ? undefined : this.credentials.get(credentialId)) ??
      [...this.credentials.values()].find(
        (c) => c.rpId === rpId && (allowed.length === 0 || allowed.includes(c.id)),
      );
    if (!credential) throw new Error('the authenticator holds no credential for this request');
    const counter = changes.counter ?? credential.counter + 1;
    credential.counter = counter;
    const authData = this.authData(changes.rpId ?? credential.rpId, this.flags(0, changes), counter);
    const clientDataJSON = this.clientData('webauthn.get', options, changes);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
