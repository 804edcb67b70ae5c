import { SIGNED_KEY_REQUEST_EIP712 } from '../../../protocol/farcaster.js';
import { callService, endpoint, type FetchLike, field, intField, postJson, unavailable } from './http.js';
import { type AppFarcasterIdentity, custodyWallet } from './settings.js';

/** A signed key request as the Farcaster client's API describes it. */
export interface SignedKeyRequest {
  token: string;
  deeplinkUrl: string;
  /** pending, approved (the user said yes, the key is being added on chain), completed (added), or else. */
  state: string;
  /** The fid that approved the key, once it did. */
  userFid: number | null;
}

function requestOf(body: unknown): SignedKeyRequest | null {
  const result = (body as { result?: { signedKeyRequest?: unknown } } | undefined)?.result?.signedKeyRequest;
  const token = field(result, 'token');
  const deeplinkUrl = field(result, 'deeplinkUrl');
  const state = field(result, 'state');
  if (!token || !deeplinkUrl || !state) return null;
  return { token, deeplinkUrl, state, userFid: intField(result, 'userFid') };
}

/**
 * Client of the Farcaster client's signed key request API: `POST /v2/signed-key-requests`
 * with the Ed25519 key, the app's fid, a deadline and the app custody's EIP-712 signature of
 * them (SignedKeyRequest of the SignedKeyRequestValidator), which answers an approval link;
 * `GET /v2/signed-key-request?token=` reads the request's state.
 */
export class SignerApiClient {
  constructor(private readonly fetcher: FetchLike) {}

  async create(
    apiUrl: string,
    identity: AppFarcasterIdentity,
    key: string,
    deadlineSeconds: number,
  ): Promise<SignedKeyRequest> {
    const { domain, types } = SIGNED_KEY_REQUEST_EIP712;
    const signature = await custodyWallet(identity.custodyKey).signTypedData(
      domain,
      { SignedKeyRequest: [...types.SignedKeyRequest] },
      {
        requestFid: identity.fid,
        key,
        deadline: deadlineSeconds,
      },
    );
    const answer = await postJson(this.fetcher, endpoint(apiUrl, '/v2/signed-key-requests'), {
      key,
      requestFid: identity.fid,
      signature,
      deadline: deadlineSeconds,
    });
    const request = answer.status === 200 ? requestOf(answer.body) : null;
    if (!request) throw unavailable('The signed key request API', answer.status);
    return request;
  }

  /** The request's state; null when the API no longer knows it. */
  async read(apiUrl: string, token: string): Promise<SignedKeyRequest | null> {
    const url = `${endpoint(apiUrl, '/v2/signed-key-request')}?${new URLSearchParams({ token })}`;
    const answer = await callService(this.fetcher, url, { method: 'GET' });
    if (answer.status === 404) return null;
    const request = answer.status === 200 ? requestOf(answer.body) : null;
    if (!request) throw unavailable('The signed key request API', answer.status);
    return request;
  }
}
