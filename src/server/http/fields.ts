/**
 * Field limits and the JSON-schema fragments the routes share: a body longer than these is refused
 * as invalid_data by the schema, before any work.
 */

/** Cap of any string field. */
const STRING_MAX_LENGTH = 320;
/** Captcha tokens (Turnstile) run to about 2 KB. */
const CAPTCHA_TOKEN_MAX_LENGTH = 4096;

/** Any string: an email address, a code, an address to unlink. */
export const STRING_FIELD = { type: 'string', maxLength: STRING_MAX_LENGTH } as const;
/** A string that must not be empty (a subject, a client's name, an account address to look up). */
export const NAME_FIELD = { type: 'string', minLength: 1, maxLength: STRING_MAX_LENGTH } as const;
/** The captcha token a login's first step carries. */
export const CAPTCHA_TOKEN_FIELD = { type: 'string', maxLength: CAPTCHA_TOKEN_MAX_LENGTH } as const;

/**
 * The widget's language on a request that sends a code (and its login): a BCP 47 tag, matched by
 * its language subtag. One without texts is no error: the message's language is then chosen as if
 * none were given (http/message-language.ts).
 */
export const LOCALE_FIELD = {
  type: 'string',
  maxLength: 64,
  description:
    "The language of the mail or SMS, a BCP 47 tag ('ja-JP'); else the Accept-Language header's, else the user's last, else English.",
} as const;

/** A phone number as typed (the route parses it). */
export const PHONE_FIELD = { type: 'string', maxLength: 64 } as const;
/** An MFA or step-up code (TOTP or SMS). */
export const MFA_CODE_FIELD = { type: 'string', maxLength: 16 } as const;
/** The embedded wallet's signature over its own address (hex). */
export const ADDRESS_SIGNATURE_FIELD = { type: 'string', maxLength: 200 } as const;
/** A record's id (a user, a device, a step-up ticket). */
export const ID_FIELD = { type: 'string', minLength: 1, maxLength: 64 } as const;

/** A 0x-prefixed Ethereum address (its checksum is checked by the route). */
export const ADDRESS_FIELD = { type: 'string', minLength: 42, maxLength: 42 } as const;

/** The `:appId` of a route's path (Fastify always fills it). */
export const appIdSchema = {
  params: { type: 'object', required: ['appId'], properties: { appId: { type: 'string' } } },
} as const;

/** The `:id` of a route's path. */
export const idParams = { type: 'object', required: ['id'], properties: { id: ID_FIELD } } as const;

/** The `:address` of a wallet route (Fastify always fills it; the length is what is checked). */
export const addressParams = {
  type: 'object',
  required: ['address'],
  properties: { address: ADDRESS_FIELD },
} as const;

/** The Fastify route of a path with an address in it: `/…/:address/…`. */
export const routeOf = (path: (address: string) => string): string => decodeURIComponent(path(':address'));

/**
 * A passkey credential as the surface's `toJSON()` gives it (protocol/passkey.ts PasskeyCredentialJSON):
 * its binary fields are checked by the passkey service, whose refusals are passkey_verification_failed.
 */
export const PASSKEY_CREDENTIAL = {
  type: 'object',
  required: ['id', 'rawId', 'type', 'response', 'clientExtensionResults'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 1400, description: 'The credential id, base64url.' },
    rawId: { type: 'string', maxLength: 1400 },
    type: { type: 'string', enum: ['public-key'] },
    response: {
      type: 'object',
      description: 'AuthenticatorAttestationResponseJSON or AuthenticatorAssertionResponseJSON.',
    },
    authenticatorAttachment: { type: ['string', 'null'] },
    clientExtensionResults: { type: 'object' },
  },
} as const;
