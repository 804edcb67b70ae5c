/**
 * The frame's device key (DESIGN.md, embedded wallet security model): a non-extractable WebCrypto
 * ECDSA P-256 key made at wallet creation and at each recovery, kept in the frame's IndexedDB
 * beside the device share (device-store.ts). Its public half is registered with the provider; the
 * provider releases the auth share only to a request it signed over a fresh challenge (a device
 * proof, protocol/wallet-device.ts). A script on the host page, holding the user's tokens, has
 * neither the key nor any way to make it sign.
 */
import { publicJwkOf, toB64url } from '../protocol/sealed-box.js';
import {
  DEVICE_PROOF_TYPE,
  type DeviceProofHeader,
  type DeviceProofPayload,
} from '../protocol/wallet-device.js';

export interface DeviceKey {
  /** Non-extractable: the browser signs with it and never gives it out. */
  privateKey: CryptoKey;
  publicJwk: JsonWebKey;
  /** The public key's RFC 7638 thumbprint: its id at the provider. */
  id: string;
}

const SIGNING = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const encoder = new TextEncoder();

async function sha256(data: Uint8Array | string): Promise<Uint8Array> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

/** RFC 7638 thumbprint (SHA-256, base64url) of a P-256 public JWK. */
async function thumbprintOf(jwk: JsonWebKey): Promise<string> {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return toB64url(await sha256(canonical));
}

/** A new device key; its private half cannot be exported, even by this frame. */
export async function newDeviceKey(): Promise<DeviceKey> {
  const pair = await globalThis.crypto.subtle.generateKey(SIGNING, false, ['sign', 'verify']);
  const publicJwk = publicJwkOf(await globalThis.crypto.subtle.exportKey('jwk', pair.publicKey));
  return { privateKey: pair.privateKey, publicJwk, id: await thumbprintOf(publicJwk) };
}

export interface ProofTarget {
  challenge: string;
  method: 'GET' | 'POST';
  path: string;
  /** The exact request body (JSON text), or '' for none. */
  body: string;
  /** The key is registered by this request: its public key travels in the proof. */
  register?: boolean;
}

/** The device proof of one request: a compact JWS (ES256) by the device key. */
export async function deviceProof(key: DeviceKey, target: ProofTarget): Promise<string> {
  const header: DeviceProofHeader = target.register
    ? { typ: DEVICE_PROOF_TYPE, alg: 'ES256', jwk: key.publicJwk }
    : { typ: DEVICE_PROOF_TYPE, alg: 'ES256', kid: key.id };
  const payload: DeviceProofPayload = {
    chl: target.challenge,
    htm: target.method,
    htu: target.path,
    bh: toB64url(await sha256(target.body)),
  };
  const input = `${toB64url(encoder.encode(JSON.stringify(header)))}.${toB64url(encoder.encode(JSON.stringify(payload)))}`;
  // WebCrypto's ECDSA signature is r‖s, 64 bytes: exactly the JWS form of ES256.
  const signature = await globalThis.crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    key.privateKey,
    encoder.encode(input),
  );
  return `${input}.${toB64url(new Uint8Array(signature))}`;
}
