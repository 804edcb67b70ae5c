/**
 * The frame's requests to the provider (its own origin): the app, client and analytics headers,
 * the access token, and the MFA proof when the frame holds one. A refusal becomes a
 * ProviderApiError carrying the server's `{code, message}` and the HTTP status.
 */
import { CLIENT_NAME, HEADERS } from '../protocol/constants.js';
import { MFA_PROOF_HEADER } from '../protocol/mfa-api.js';
import { SDK_VERSION } from '../protocol/version.js';

/** A refused call: the server's `{code, message}` and the HTTP status. */
export class WalletApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
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

/** GET without `body`, POST with it; `mfaProof` goes in MFA_PROOF_HEADER. */
export type ProviderCall = <T>(
  path: string,
  accessToken: string,
  body?: unknown,
  mfaProof?: string,
) => Promise<T>;

function headersOf(
  options: ProviderCallOptions,
  accessToken: string,
  hasBody: boolean,
  mfaProof: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADERS.appId]: options.appId,
    [HEADERS.client]: `${CLIENT_NAME}:${SDK_VERSION}`,
    authorization: `Bearer ${accessToken}`,
  };
  if (options.clientAnalyticsId) headers[HEADERS.clientAnalyticsId] = options.clientAnalyticsId;
  if (mfaProof) headers[MFA_PROOF_HEADER] = mfaProof;
  if (hasBody) headers['content-type'] = 'application/json';
  return headers;
}

/** The server's `{code, message}` of a refusal. */
function refusalOf(status: number, payload: unknown): WalletApiError {
  const error = (payload ?? {}) as { code?: unknown; message?: unknown };
  return new WalletApiError(
    status,
    typeof error.code === 'string' ? error.code : 'unknown',
    typeof error.message === 'string' ? error.message : `Request failed with status ${status}`,
  );
}

export function providerCall(options: ProviderCallOptions): ProviderCall {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  return async <T>(path: string, accessToken: string, body?: unknown, mfaProof?: string): Promise<T> => {
    const response = await doFetch(new URL(path, options.baseUrl).toString(), {
      method: body === undefined ? 'GET' : 'POST',
      headers: headersOf(options, accessToken, body !== undefined, mfaProof),
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'same-origin',
    });
    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw refusalOf(response.status, payload);
    return payload as T;
  };
}
