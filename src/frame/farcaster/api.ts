/**
 * The frame's client of the provider's Farcaster endpoints (protocol/farcaster.ts): the signer
 * request for a key made here, and the signed messages. Called from the provider origin, with
 * the user's access token; refusals are WalletApiErrors (the server's code and message).
 */
import { CLIENT_NAME, HEADERS } from '../../protocol/constants.js';
import {
  FARCASTER_API_PATHS,
  type FarcasterSignerBody,
  type FarcasterSignerResponse,
  type FarcasterSubmitBody,
  type FarcasterSubmitResponse,
} from '../../protocol/farcaster.js';
import { SDK_VERSION } from '../../protocol/version.js';
import { WalletApiError, type WalletApiOptions } from '../wallet-api.js';

export interface FarcasterFrameApi {
  signerInit(accessToken: string, publicKey: string): Promise<FarcasterSignerResponse>;
  submit(accessToken: string, message: Uint8Array): Promise<FarcasterSubmitResponse>;
}

const base64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));

export function farcasterFrameApi(options: WalletApiOptions): FarcasterFrameApi {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function post<T>(path: string, accessToken: string, body: FarcasterSignerBody | FarcasterSubmitBody) {
    const response = await doFetch(new URL(path, options.baseUrl).toString(), {
      method: 'POST',
      headers: {
        [HEADERS.appId]: options.appId,
        [HEADERS.client]: `${CLIENT_NAME}:${SDK_VERSION}`,
        ...(options.clientAnalyticsId ? { [HEADERS.clientAnalyticsId]: options.clientAnalyticsId } : {}),
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    const answer = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown };
    if (response.ok) return answer as T;
    const code = typeof answer.code === 'string' ? answer.code : 'unknown';
    const message =
      typeof answer.message === 'string' ? answer.message : `Request failed with status ${response.status}`;
    throw new WalletApiError(response.status, code, message);
  }

  return {
    signerInit: (accessToken, publicKey) =>
      post<FarcasterSignerResponse>(FARCASTER_API_PATHS.signerInit, accessToken, {
        ed25519_public_key: publicKey,
      }),
    submit: (accessToken, message) =>
      post<FarcasterSubmitResponse>(FARCASTER_API_PATHS.submitMessage, accessToken, {
        message: base64(message),
      }),
  };
}
