/**
 * A passkey ceremony in the provider-origin surface (protocol/passkey.ts): the provider's JSON
 * options made WebAuthn options (the Level 3 parse*FromJSON, or a few lines of base64url where a
 * browser lacks them), the PRF extension asked when the view wants it, and the credential as JSON
 * with the PRF output taken out: it goes to the wallet frame apart, never to the provider.
 */

import { fromB64url, toB64url } from '../../protocol/base64url.js';
import {
  PASSKEY_PRF_INPUT,
  type PasskeyAction,
  type PasskeyCredentialJSON,
  type PasskeyView,
} from '../../protocol/passkey.js';

type Json = Record<string, unknown>;
type Descriptor = { id: string; [field: string]: unknown };

interface JsonParsers {
  parseCreationOptionsFromJSON?: (options: never) => PublicKeyCredentialCreationOptions;
  parseRequestOptionsFromJSON?: (options: never) => PublicKeyCredentialRequestOptions;
}

const ids = (list: unknown) =>
  Array.isArray(list)
    ? (list as Descriptor[]).map((item) => ({ ...item, id: fromB64url(item.id) }))
    : undefined;

/** The view's options for navigator.credentials, with the PRF input when the view asks for it. */
function ceremonyOptions(view: PasskeyView): CredentialCreationOptions | CredentialRequestOptions {
  const json = view.options as Json & { challenge: string };
  const parsers = (globalThis.PublicKeyCredential ?? {}) as JsonParsers;
  const challenge = fromB64url(json.challenge);
  let publicKey: PublicKeyCredentialCreationOptions | PublicKeyCredentialRequestOptions;
  if (view.ceremony === 'create') {
    const user = json.user as Json & { id: string };
    publicKey = parsers.parseCreationOptionsFromJSON
      ? parsers.parseCreationOptionsFromJSON(json as never)
      : ({
          ...json,
          challenge,
          user: { ...user, id: fromB64url(user.id) },
          excludeCredentials: ids(json.excludeCredentials),
        } as unknown as PublicKeyCredentialCreationOptions);
  } else {
    publicKey = parsers.parseRequestOptionsFromJSON
      ? parsers.parseRequestOptionsFromJSON(json as never)
      : ({
          ...json,
          challenge,
          allowCredentials: ids(json.allowCredentials),
        } as unknown as PublicKeyCredentialRequestOptions);
  }
  if (view.prf) {
    const first = new TextEncoder().encode(PASSKEY_PRF_INPUT);
    publicKey.extensions = { ...publicKey.extensions, prf: { eval: { first } } };
  }
  return { publicKey };
}

const b64 = (buffer: ArrayBuffer | ArrayBufferView): string =>
  toB64url(
    buffer instanceof ArrayBuffer
      ? new Uint8Array(buffer)
      : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength),
  );

/** The credential's JSON where the browser has no `toJSON()` (or its `toJSON()` fails on an extension output). */
function manualJSON(credential: PublicKeyCredential): Omit<PasskeyCredentialJSON, 'clientExtensionResults'> {
  const answer = credential.response as AuthenticatorResponse & Record<string, unknown>;
  const response: Json = { clientDataJSON: b64(answer.clientDataJSON) };
  if (answer.attestationObject instanceof ArrayBuffer) {
    response.attestationObject = b64(answer.attestationObject);
    const attestation = answer as unknown as AuthenticatorAttestationResponse;
    response.transports = attestation.getTransports?.() ?? [];
  } else {
    const assertion = answer as unknown as AuthenticatorAssertionResponse;
    response.authenticatorData = b64(assertion.authenticatorData);
    response.signature = b64(assertion.signature);
    response.userHandle = assertion.userHandle ? b64(assertion.userHandle) : null;
  }
  return {
    id: credential.id,
    rawId: b64(credential.rawId),
    type: 'public-key',
    response,
    authenticatorAttachment: credential.authenticatorAttachment ?? null,
  };
}

/** The extension outputs without `prf.results` (what may go to the provider). */
function withoutPrfResults(outputs: Json): Json {
  const { prf, ...rest } = outputs;
  if (typeof prf !== 'object' || prf === null) return rest;
  const { results: _results, ...kept } = prf as Json;
  return { ...rest, prf: kept };
}

/** The action the surface sends for `credential`: its JSON, and the PRF output apart. */
function passkeyAction(credential: PublicKeyCredential): PasskeyAction {
  const outputs = credential.getClientExtensionResults() as Json & AuthenticationExtensionsClientOutputs;
  const first = outputs.prf?.results?.first;
  let json: PasskeyCredentialJSON;
  try {
    json = credential.toJSON() as unknown as PasskeyCredentialJSON;
  } catch {
    json = { ...manualJSON(credential), clientExtensionResults: outputs };
  }
  return {
    type: 'passkey',
    credential: {
      ...json,
      clientExtensionResults: withoutPrfResults(json.clientExtensionResults),
    },
    prf: first ? b64(first) : null,
  };
}

/** Runs the ceremony (a trusted click just happened in this document); null: no credential came. */
export async function runCeremony(view: PasskeyView): Promise<PasskeyAction | null> {
  const options = ceremonyOptions(view);
  const credential = (
    view.ceremony === 'create'
      ? await navigator.credentials.create(options as CredentialCreationOptions)
      : await navigator.credentials.get(options as CredentialRequestOptions)
  ) as PublicKeyCredential | null;
  return credential ? passkeyAction(credential) : null;
}
