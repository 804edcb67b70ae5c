import { importPKCS8, SignJWT } from 'jose';
import { providerEmail, subjectOf } from './fields.js';
import { ProviderError, type ProviderSettings, type ProviderSpec } from './types.js';

const APPLE_AUDIENCE = 'https://appleid.apple.com';
/** Apple accepts client secrets valid up to six months; a fresh one per exchange needs minutes. */
const CLIENT_SECRET_TTL_SECONDS = 5 * 60;

/**
 * The client secret Apple expects: an ES256 JWT signed with the app's Sign in with Apple key
 * (iss team id, sub the Services ID, aud appleid.apple.com, kid the key id).
 * https://developer.apple.com/documentation/accountorganizationaldatasharing/creating-a-client-secret
 */
async function appleClientSecret(settings: ProviderSettings, now: number): Promise<string> {
  const { client_id, team_id, key_id, private_key } = settings;
  if (!client_id || !team_id || !key_id || !private_key) {
    throw new ProviderError('Apple needs client_id, team_id, key_id and private_key');
  }
  const key = await importPKCS8(private_key, 'ES256');
  const iat = Math.floor(now / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: key_id })
    .setIssuer(team_id)
    .setSubject(client_id)
    .setAudience(APPLE_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + CLIENT_SECRET_TTL_SECONDS)
    .sign(key);
}

/** Sign in with Apple: https://developer.apple.com/documentation/sign_in_with_apple/sign_in_with_apple_rest_api */
export const apple: ProviderSpec = {
  name: 'apple',
  authorizationUrl: 'https://appleid.apple.com/auth/authorize',
  tokenUrl: 'https://appleid.apple.com/auth/token',
  issuer: APPLE_AUDIENCE,
  jwksUrl: 'https://appleid.apple.com/auth/keys',
  scopes: ['name', 'email'],
  pkce: false,
  clientAuth: 'post',
  // With name or email in the scope, Apple answers by a form POST to the callback.
  authorizationParams: { response_mode: 'form_post' },
  requiredSettings: ['team_id', 'key_id', 'private_key'],
  clientSecret: appleClientSecret,
  async profile({ idToken }) {
    // Apple has no userinfo endpoint: everything is in the verified id_token.
    const subject = subjectOf(idToken, 'sub', 'Apple');
    const { email, verified } = providerEmail(idToken);
    return { subject, data: { subject, email }, verifiedEmail: verified };
  },
};
