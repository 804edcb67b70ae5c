/**
 * The frame's requests to the provider (its own origin): the app, client and analytics headers,
 * the access token, the MFA proof when the frame holds one, and the device proof of the request
 * when it needs one. A refusal becomes a WalletApiError carrying the server's `{code, message}`
 * and the HTTP status.
 */
import { CLIENT_NAME, HEADERS } from '../protocol/constants.js';
import { PROVIDER_UNREACHABLE_CODE, PROVIDER_UNREACHABLE_MESSAGE } from '../protocol/error-messages.js';
import { MFA_PROOF_HEADER } from '../protocol/mfa-api.js';
import { SDK_VERSION } from '../protocol/version.js';
import { DEVICE_PROOF_HEADER } from '../protocol/wallet-device.js';

/** A refused call: the server's `{code, message}` and the HTTP status. */
export class WalletApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The whole answer (a step-up's `ticket`, the MFA methods of `missing_or_invalid_mfa`). */
    readonly body: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'WalletApiError';
  }
}

export interface ProviderCallOptions {
  /** The provider origin (the frame's own); paths are appended. */
  baseUrl: string;
  appId: string;
  clientAnalyticsId?: string | undefined;
  fetch?: typeof fetch;
}

/** The proofs a request carries: the MFA proof, and the device proof over this very request. */
export interface CallProofs {
  mfa?: string | undefined;
  device?: string | undefined;
}

/**
 * GET without `body`, POST with it (sent as `bodyText(body)`, the text a device proof signs);
 * the proofs go in MFA_PROOF_HEADER and DEVICE_PROOF_HEADER. An empty `accessToken` sends none.
 */
export type ProviderCall = <T>(
  path: string,
  accessToken: string,
  body?: unknown,
  proofs?: CallProofs,
) => Promise<T>;

/** The exact text of a request body. */
export const bodyText = (body: unknown): string => (body === undefined ? '' : JSON.stringify(body));

function headersOf(
  options: ProviderCallOptions,
  accessToken: string,
  hasBody: boolean,
  proofs: CallProofs,
): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADERS.appId]: options.appId,
    [HEADERS.client]: `${CLIENT_NAME}:${SDK_VERSION}`,
  };
  // No token: a call made before any login (a passkey's login or sign-up).
  if (accessToken !== '') headers.authorization = `Bearer ${accessToken}`;
  if (options.clientAnalyticsId) headers[HEADERS.clientAnalyticsId] = options.clientAnalyticsId;
  if (proofs.mfa) headers[MFA_PROOF_HEADER] = proofs.mfa;
  if (proofs.device) headers[DEVICE_PROOF_HEADER] = proofs.device;
  if (hasBody) headers['content-type'] = 'application/json';
  return headers;
}

/** The server's `{code, message}` of a refusal. */
function refusalOf(status: number, payload: unknown): WalletApiError {
  const error = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  return new WalletApiError(
    status,
    typeof error.code === 'string' ? error.code : 'unknown',
    typeof error.message === 'string' ? error.message : `Request failed with status ${status}`,
    error,
  );
}

export function providerCall(options: ProviderCallOptions): ProviderCall {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  return async <T>(
    path: string,
    accessToken: string,
    body?: unknown,
    proofs: CallProofs = {},
  ): Promise<T> => {
    // No answer at all (the provider is down, the network gone): the one unreachable error.
    const response = await doFetch(new URL(path, options.baseUrl).toString(), {
      method: body === undefined ? 'GET' : 'POST',
      headers: headersOf(options, accessToken, body !== undefined, proofs),
      body: body === undefined ? null : bodyText(body),
      credentials: 'same-origin',
    }).catch(() => {
      throw new WalletApiError(0, PROVIDER_UNREACHABLE_CODE, PROVIDER_UNREACHABLE_MESSAGE);
    });
    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw refusalOf(response.status, payload);
    return payload as T;
  };
}
