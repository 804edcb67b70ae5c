/**
 * Passkeys (WebAuthn): log in and sign up with one, link one, approve a step-up with one, and keep
 * a wallet's recovery share under a key only the user's passkey can produce (the PRF extension).
 *
 * Every ceremony runs in the provider-origin surface (surface.ts, view `passkey`), so the RP ID is
 * the provider's host: one passkey serves every site on the same provider, and the PRF output never
 * reaches the host page. The wallet frame asks the provider for the options, shows the surface,
 * gets the credential (and the PRF output) from it over the provider-origin channel, and sends the
 * credential to the provider; the host gets only what any login gives it (the AuthResult, the user).
 *
 * The provider (`@simplewebauthn/server`) keeps a passkey's public key, counter, backup flags,
 * transports and authenticator name; challenges are single use and live PASSKEY_CHALLENGE_TTL_MS.
 * Refusals are `{code, message}` (PASSKEY_ERRORS), never a 500.
 */
import type { AuthResult, UserWire } from './api.js';

// ---- WebAuthn JSON (the shapes of the Level 3 toJSON / parse*FromJSON, base64url binary) ----

/** PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON, as the provider made them. */
export interface PasskeyOptionsJSON {
  challenge: string;
  [field: string]: unknown;
}

/** A credential's `toJSON()` (RegistrationResponseJSON or AuthenticationResponseJSON). */
export interface PasskeyCredentialJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  response: Record<string, unknown>;
  authenticatorAttachment?: string | null;
  /** The client's extension outputs; the surface strips `prf.results` before it leaves the provider's origin. */
  clientExtensionResults: Record<string, unknown>;
}

// ---- provider endpoints ----

export const PASSKEY_API_PATHS = {
  /** POST PasskeyInitBody → PasskeyOptionsResponse (get; discoverable: no allowCredentials). Needs passkey_auth. */
  loginInit: '/api/v1/passkeys/login/init',
  /** POST PasskeyVerifyBody → AuthResult. */
  login: '/api/v1/passkeys/login',
  /**
   * POST PasskeyInitBody → PasskeyOptionsResponse (create; resident key and user verification
   * required). Without a bearer: a sign-up (needs passkey_auth); with one: a link for that user
   * (excludeCredentials: the user's passkeys).
   */
  registerInit: '/api/v1/passkeys/register/init',
  /** POST PasskeyVerifyBody → AuthResult (a new user with the passkey). */
  signup: '/api/v1/passkeys/signup',
  /** POST PasskeyVerifyBody (bearer; step-up `link` for a user with a wallet) → UserWire. */
  link: '/api/v1/passkeys/link',
  /** POST PasskeyUnlinkBody (bearer; step-up `unlink`) → UserWire. */
  unlink: '/api/v1/passkeys/unlink',
  /**
   * POST (bearer) → PasskeyOptionsResponse (get; allowCredentials: the user's passkeys): the
   * challenge a step-up's `passkey` factor answers (step-up.ts STEP_UP_PATHS.approveWithPasskey).
   */
  verifyInit: '/api/v1/passkeys/verify/init',
} as const;

/**
 * `login/init`, `register/init` (not for a link): the captcha answer when the app enables captcha,
 * or `after`, the challenge of the visitor's previous try (a login refused, 'Create a passkey' after
 * a login's options): within PASSKEY_CHALLENGE_TTL_MS of the captcha that let the first try start,
 * it stands for that captcha, so another try does not spend a new one.
 */
export interface PasskeyInitBody {
  token?: string;
  after?: string;
}

export interface PasskeyOptionsResponse {
  options: PasskeyOptionsJSON;
}

/** `login`, `signup`, `link`: the credential as the surface's `toJSON()` gave it. */
export interface PasskeyVerifyBody {
  response: PasskeyCredentialJSON;
}

/** `unlink`: the linked account's `credential_id`. */
export interface PasskeyUnlinkBody {
  credentialId: string;
}

export type PasskeyUserResponse = UserWire;

/** A challenge may be answered this long after its options were made. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** Bytes of every challenge the provider issues. */
export const PASSKEY_CHALLENGE_BYTES = 32;

/** Linked-account `type` of a passkey (§3 linked accounts). */
export const PASSKEY_ACCOUNT_TYPE = 'passkey';

/**
 * A passkey as a linked account. `verified_at`: when it was added; `latest_verified_at`: when it
 * was last used (a login, a step-up).
 */
export interface PasskeyAccountWire {
  type: typeof PASSKEY_ACCOUNT_TYPE;
  /** The credential id, base64url. */
  credential_id: string;
  /** The authenticator's name when known (AAGUID table or credProps), else null. */
  authenticator_name: string | null;
  /** Whether the passkey is synced (the backup-eligible flag). */
  backed_up: boolean;
  verified_at: number;
  first_verified_at: number | null;
  latest_verified_at: number | null;
}

/** Error codes (HTTP 400 unless said) and their messages. */
export const PASSKEY_ERRORS = {
  /** The challenge is unknown, used, expired, or of another app or purpose. */
  invalidChallenge: {
    code: 'invalid_passkey_challenge',
    message: 'The passkey request expired. Please try again.',
  },
  /** The signature, origin, RP ID, user verification or counter does not check out. */
  verificationFailed: { code: 'passkey_verification_failed', message: 'The passkey could not be verified.' },
  /** No passkey of this app has this id (or it belongs to another user). */
  unknownCredential: { code: 'passkey_not_found', message: 'This passkey is not registered for this app.' },
  /** The passkey is already linked (to this user or another). */
  alreadyLinked: { code: 'passkey_already_linked', message: 'This passkey is already linked to an account.' },
  /** Unlinking the passkey a wallet's recovery is sealed under (move the recovery first). */
  inUseForRecovery: {
    code: 'passkey_in_use',
    message: "This passkey protects your wallet's recovery. Set another recovery method first.",
  },
  /** Unlinking the user's last passkey while passkey is their MFA method (remove that method first). */
  inUseForMfa: {
    code: 'passkey_in_use',
    message: 'This passkey is your two-step verification. Remove that method first.',
  },
} as const;

// ---- recovery under the passkey (`recoveryMethod: 'passkey'`) ----

/**
 * The PRF input the surface evaluates (`extensions.prf.eval.first`): the UTF-8 bytes of this text.
 * The same for every wallet; the wallet's address and the box's salt go into the HKDF below.
 */
export const PASSKEY_PRF_INPUT = 'gatehouse-recovery-v1';

/** HKDF-SHA-256(ikm = PRF output, salt = box salt, info = this + lowercase address) → AES-256-GCM key. */
export const PASSKEY_HKDF_INFO_PREFIX = 'gatehouse passkey recovery v1 ';

/**
 * The recovery share sealed under the passkey's PRF output (made and opened in the frame; the
 * provider stores and returns it as given and cannot open it). Binary fields base64url.
 */
export interface PasskeyBox {
  kdf: 'hkdf-sha256-prf';
  /** The passkey whose PRF output opens it. */
  credentialId: string;
  /** 32 random bytes: the HKDF salt. */
  salt: string;
  /** AES-256-GCM IV (12 bytes). */
  iv: string;
  /** AES-256-GCM ciphertext with its tag. */
  ct: string;
}

/**
 * `wallet:create`'s recovery (wallet-frame.ts). 'passkey': sealed under the user's passkey, asked
 * in the surface (one is added when the user has none); where none gives a PRF output, the browser
 * has no WebAuthn, or the user cancels that step, the wallet is made as without it — after a
 * password when `fallback` is 'user-passcode' — and the reply's `passkeyFallback` says why.
 */
export interface PasskeyCreateData {
  recoveryMethod?: 'user-passcode' | 'passkey';
  fallback?: 'user-passcode';
}

/** 'unavailable': no PRF output, or no WebAuthn; 'skipped': the user cancelled the passkey step. */
export type PasskeyFallback = 'unavailable' | 'skipped';

// ---- wallet frame requests (host → frame; envelopes as wallet-frame.ts) ----

export const PASSKEY_FRAME_REQUESTS = {
  /** Log in with a passkey in the surface; 'Create a passkey' there signs up instead. */
  login: 'passkey:login',
  /** Adds a passkey to the logged-in user (after a step-up when the user has a wallet). */
  link: 'passkey:link',
  /** Re-splits the wallet with the recovery share under a passkey (adding one first if the user has none). */
  setRecovery: 'wallet:set-recovery-passkey',
} as const;

export interface PasskeyFrameRequestData {
  /** `signup`: start with 'Create a passkey' (the browser has none for this provider). `captchaToken`: when the app enables captcha. */
  'passkey:login': { mode?: 'login' | 'signup'; captchaToken?: string };
  'passkey:link': { accessToken: string; address?: string };
  'wallet:set-recovery-passkey': { accessToken: string; address: string };
}

export interface PasskeyFrameReplyData {
  /** The provider's AuthResult (api.ts) as it answered it. */
  'passkey:login': { auth: AuthResult };
  'passkey:link': { user: UserWire };
  'wallet:set-recovery-passkey': { address: string; recoveryMethod: 'passkey' };
}

/**
 * `error.message` of a `wallet:set-recovery-passkey` refused because the passkey gives no PRF output
 * (its authenticator or the browser lacks the extension), error type `invalid_request_arguments`:
 * the wallet stays as it was.
 */
export const PASSKEY_NO_PRF_MESSAGE =
  'This passkey cannot protect a wallet: its authenticator or browser does not support the PRF extension.';

// ---- the surface's view and action (surface.ts) ----

/**
 * A passkey ceremony, run by the surface on a click there. `ceremony` says which WebAuthn call the
 * options are for; `prf`: ask the PRF extension (recovery), whose output goes to the frame only.
 * `canSignUp`: a login view also offers 'Create a passkey' (action `signup`).
 */
export interface PasskeyView {
  kind: 'passkey';
  /** `create-recovery`: a wallet being made, sealed under the passkey (wallet-frame.ts `wallet:create`). */
  purpose: 'login' | 'signup' | 'link' | 'step-up' | 'recover' | 'set-recovery' | 'create-recovery';
  ceremony: 'create' | 'get';
  options: PasskeyOptionsJSON;
  prf: boolean;
  canSignUp: boolean;
  /**
   * A step-up's view when its ticket has other usable factors: 'Use another way' (action
   * `another-way`) goes back to them.
   */
  anotherWay?: boolean;
}

/** What the surface sends back after the ceremony (on the provider-origin channel only). */
export interface PasskeyAction {
  type: 'passkey';
  credential: PasskeyCredentialJSON;
  /** The PRF output (`results.first`), base64url, when asked and given; else null. */
  prf: string | null;
}
