import { createPublicKey, type KeyObject } from 'node:crypto';
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import { ApiError, UserError } from '../../errors.js';
import { type AppSecrets, httpUrlSetting, serverOnlyAssignment } from '../apps/app-secrets.js';
import type { Clock } from '../clock.js';

/**
 * Custom auth (§1, §7): the host logs its users in itself and the widget hands its token to
 * `custom_jwt_account/authenticate`. Each app names where its public keys are (a JWKS URL or one
 * PEM public key) and the issuer and audience its tokens carry, with
 * `gatehouse apps set <id> custom_auth.jwks_url=https://… custom_auth.issuer=… custom_auth.audience=…`
 * (server-only settings, never answered by `GET /api/v1/apps/:appId`).
 */
export const CUSTOM_AUTH_FIELDS = [
  'custom_auth.jwks_url',
  'custom_auth.public_key',
  'custom_auth.issuer',
  'custom_auth.audience',
] as const;
export type CustomAuthField = (typeof CUSTOM_AUTH_FIELDS)[number];

/**
 * Asymmetric algorithms only: a token is never checked with a shared secret, so neither
 * `alg: none` nor HS256 "signed" with the public key as its secret can pass.
 */
const CUSTOM_AUTH_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

/** Longest `sub` kept as the custom user id. */
const CUSTOM_USER_ID_MAX_LENGTH = 320;
/** How long fetching the app's JWKS may take. */
const JWKS_TIMEOUT_MS = 5000;
/** A fetched JWKS is reused this long (and refetched sooner when a token names an unknown key). */
const JWKS_CACHE_MS = 10 * 60_000;

const TEXT = /^[\x20-\x7e]{1,500}$/;

function publicKeyOf(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch {
    throw new UserError(
      'Invalid value for custom_auth.public_key: expected a PEM public key (-----BEGIN PUBLIC KEY-----).',
      2,
    );
  }
  if (
    key.asymmetricKeyType !== 'rsa' &&
    key.asymmetricKeyType !== 'rsa-pss' &&
    key.asymmetricKeyType !== 'ec' &&
    key.asymmetricKeyType !== 'ed25519'
  ) {
    throw new UserError('Invalid value for custom_auth.public_key: use an RSA, EC or Ed25519 public key.', 2);
  }
  return key;
}

/** `custom_auth.<field>=<value>` from the CLI (null clears); undefined for any other field. */
export function parseCustomAuthAssignment(
  argument: string,
): { field: CustomAuthField; value: string | null } | undefined {
  const assignment = serverOnlyAssignment(argument, CUSTOM_AUTH_FIELDS);
  if (!assignment?.value) return assignment;
  const { field: name, value: text } = assignment;
  if (name === 'custom_auth.public_key') {
    // A PEM given on one line (\n written out) is accepted too.
    const pem = text.replaceAll('\\n', '\n');
    publicKeyOf(pem);
    return { field: name, value: pem };
  }
  if (name === 'custom_auth.jwks_url') return { field: name, value: httpUrlSetting(name, text) };
  if (!TEXT.test(text)) throw new UserError(`Invalid value for ${name}: expected up to 500 characters.`, 2);
  return { field: name, value: text };
}

type KeySource = KeyObject | ReturnType<typeof createRemoteJWKSet>;

/** Why a token was refused, in words a host developer can act on (no token content). */
function reasonOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'the token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) return `the "${error.claim}" claim is not valid`;
  if (error instanceof errors.JOSEAlgNotAllowed)
    return 'the token is not signed with an allowed asymmetric algorithm';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'the signature does not verify';
  if (error instanceof errors.JWKSNoMatchingKey) return 'no key of the JWKS matches the token';
  if (error instanceof errors.JWKSTimeout) return 'the JWKS could not be fetched in time';
  if (error instanceof errors.JOSEError) return 'the token is malformed or not signed as expected';
  return 'the token could not be verified';
}

export class CustomAuthService {
  /** One remote key set per JWKS URL, so its cache serves every request. */
  private readonly keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  constructor(
    private readonly secrets: AppSecrets,
    private readonly now: Clock,
  ) {}

  async set(appId: string, field: CustomAuthField, value: string | null): Promise<void> {
    await this.secrets.set(appId, field, value);
  }

  configured(appId: string): Promise<string[]> {
    return this.secrets.configured(appId, CUSTOM_AUTH_FIELDS);
  }

  private keySet(url: string): ReturnType<typeof createRemoteJWKSet> {
    let set = this.keySets.get(url);
    if (!set) {
      set = createRemoteJWKSet(new URL(url), {
        timeoutDuration: JWKS_TIMEOUT_MS,
        cacheMaxAge: JWKS_CACHE_MS,
      });
      this.keySets.set(url, set);
    }
    return set;
  }

  /**
   * The custom user id (`sub`) of a valid token of the app's own login: signature by the app's key
   * with an asymmetric algorithm, `iss` and `aud` as configured, `exp` and `nbf` honoured.
   * 403 disallowed_login_method when the app has no custom auth configured, 422 invalid_credentials
   * (with the reason) for a token that does not verify.
   */
  async verify(appId: string, token: string): Promise<string> {
    const settings = await this.secrets.read(appId, CUSTOM_AUTH_FIELDS);
    const issuer = settings['custom_auth.issuer'];
    const audience = settings['custom_auth.audience'];
    const jwksUrl = settings['custom_auth.jwks_url'];
    const pem = settings['custom_auth.public_key'];
    if (!issuer || !audience || (!jwksUrl && !pem)) {
      throw new ApiError('disallowed_login_method', 'Custom auth is not configured for this app.');
    }
    const key: KeySource = jwksUrl ? this.keySet(jwksUrl) : publicKeyOf(pem as string);
    let payload: JWTPayload;
    try {
      const options = {
        algorithms: CUSTOM_AUTH_ALGORITHMS,
        issuer,
        audience,
        currentDate: new Date(this.now()),
        requiredClaims: ['sub', 'exp'],
      };
      ({ payload } =
        key instanceof Function
          ? await jwtVerify(token, key, options)
          : await jwtVerify(token, key, options));
    } catch (error) {
      throw new ApiError('invalid_credentials', `Invalid custom auth token: ${reasonOf(error)}.`);
    }
    const sub = payload.sub;
    if (typeof sub !== 'string' || sub === '' || sub.length > CUSTOM_USER_ID_MAX_LENGTH) {
      throw new ApiError('invalid_credentials', 'Invalid custom auth token: the "sub" claim is not valid.');
    }
    return sub;
  }
}
