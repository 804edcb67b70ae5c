/**
 * JSON schemas of the answers many routes share (protocol/api.ts): the user, the auth result,
 * `{success: true}`. A route's response schema serializes its answer (a property left out here is
 * dropped from the wire) and is what the OpenAPI document tells client generators.
 */
import { MFA_METHODS } from '../../protocol/mfa.js';
import { PASSKEY_CREDENTIAL } from './fields.js';

const NULLABLE_TIME = { type: ['integer', 'null'] } as const;

/**
 * The type of a schema whose TypeScript shape handlers need not match (json-schema-to-ts reads it
 * as unknown): protocol/api.ts's interfaces have no index signature for an open object's.
 */
type Untyped = { readonly [keyword: string]: unknown };

/**
 * A linked account: the fields of every type, and those of its type beside them (email's
 * `address`, a wallet's `chain_type`…); the types grow with the capabilities, so it stays open.
 */
const LINKED_ACCOUNT: Untyped = {
  type: 'object',
  required: ['type', 'verified_at', 'first_verified_at', 'latest_verified_at'],
  properties: {
    type: { type: 'string', description: 'email, phone, wallet, google_oauth, farcaster…' },
    verified_at: { type: 'integer', description: 'Unix seconds.' },
    first_verified_at: NULLABLE_TIME,
    latest_verified_at: NULLABLE_TIME,
    address: { type: 'string', description: 'email and wallet accounts' },
    number: { type: 'string', description: 'phone accounts, E.164' },
  },
  additionalProperties: true,
} as const;

export const USER = {
  type: 'object',
  required: ['id', 'created_at', 'linked_accounts', 'mfa_methods', 'has_accepted_terms'],
  properties: {
    id: { type: 'string' },
    created_at: { type: 'integer', description: 'Unix seconds.' },
    linked_accounts: { type: 'array', items: LINKED_ACCOUNT },
    mfa_methods: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'verified_at'],
        properties: { type: { type: 'string', enum: MFA_METHODS }, verified_at: { type: 'integer' } },
        additionalProperties: false,
      },
    },
    has_accepted_terms: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

/** `{user}`: the answer of accept_terms, the MFA unenrolment, the wallet's creation, the backend's lookups. */
export const USER_ANSWER = {
  type: 'object',
  required: ['user'],
  properties: { user: USER },
  additionalProperties: false,
} as const;

/** A login's answer (§3). */
export const AUTH_RESULT = {
  type: 'object',
  required: ['user', 'token', 'refresh_token', 'is_new_user'],
  properties: {
    user: USER,
    token: { type: 'string', description: 'The access token (JWT, ES256).' },
    refresh_token: {
      type: ['string', 'null'],
      description: "Null in same-site cookie mode, where it is only in the provider's HttpOnly cookie.",
    },
    is_new_user: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

export const SUCCESS = {
  type: 'object',
  required: ['success'],
  properties: { success: { type: 'boolean', const: true } },
  additionalProperties: false,
} as const;

/** A JSON Web Key (kty, crv, x, y…): open, as RFC 7517 has it. */
export const JWK: Untyped = {
  type: 'object',
  required: ['kty'],
  properties: {
    kty: { type: 'string' },
    crv: { type: 'string' },
    x: { type: 'string' },
    y: { type: 'string' },
  },
  additionalProperties: true,
} as const;

/** A sealed box (protocol/sealed-box.ts): AES-256-GCM under an ECDH key with `epk`. */
export const SEALED = {
  type: 'object',
  required: ['epk', 'iv', 'ct'],
  properties: { epk: JWK, iv: { type: 'string' }, ct: { type: 'string' } },
  additionalProperties: false,
} as const;

/** An object the server keeps as the client sent it (a PasswordBox): open. */
export const OPEN_OBJECT: Untyped = { type: 'object', additionalProperties: true } as const;

/** An MFA proof for the session of the access token, valid until `expires_at` (unix seconds). */
export const MFA_PROOF = {
  type: 'object',
  required: ['proof', 'expires_at'],
  properties: { proof: { type: 'string' }, expires_at: { type: 'integer' } },
  additionalProperties: false,
} as const;

/** An MFA enrolment's answer: the updated user and the proof the enrolment was worth. */
export const MFA_ENROLLED = {
  type: 'object',
  required: ['user', 'proof', 'expires_at'],
  properties: { user: USER, ...MFA_PROOF.properties },
  additionalProperties: false,
} as const;

/** A passkey ceremony's options (protocol/passkey.ts PasskeyOptionsResponse). */
export const PASSKEY_OPTIONS = {
  type: 'object',
  required: ['options'],
  properties: {
    options: {
      type: 'object',
      required: ['challenge'],
      properties: { challenge: { type: 'string' } },
      additionalProperties: true,
      description: 'PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON.',
    },
  },
  additionalProperties: false,
} as const;

/** A ceremony's answer: the credential as the surface's `toJSON()` gave it. */
export const PASSKEY_CREDENTIAL_BODY = {
  type: 'object',
  required: ['response'],
  properties: { response: PASSKEY_CREDENTIAL },
} as const;
