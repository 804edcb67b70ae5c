/**
 * The Farcaster client's signed key request API on loopback: `POST /v2/signed-key-requests`
 * {key, requestFid, signature, deadline} checks the EIP-712 SignedKeyRequest signature (with
 * @farcaster/core) against the custody address of `requestFid` in the ID registry on the dev
 * chain, and answers `{result: {signedKeyRequest: {token, deeplinkUrl, key, requestFid, state}}}`;
 * `GET /v2/signed-key-request?token=` reads a request. The test (or, in the demo, a person on the
 * approval page) approves or revokes: an approval completes the request for the user's fid and
 * adds the key for that fid where hubs look (`onApproved`), as the on-chain KeyGateway.add does.
 */
import { randomBytes } from 'node:crypto';
import { verifyKeyRequest } from '@farcaster/core';
import { getAddress, Interface, JsonRpcProvider } from 'ethers';
import { FARCASTER_ID_REGISTRY_ADDRESS } from '../../../src/protocol/farcaster.js';
import { escapeHtml, HttpPeer, jsonOf, type PeerRequest, type PeerResponse } from './http-peer.js';
import type { FarcasterUser } from './wallet.js';

export interface KeyRequest {
  token: string;
  deeplinkUrl: string;
  key: string;
  requestFid: number;
  deadline: number;
  state: 'pending' | 'approved' | 'completed' | 'revoked';
  userFid?: number;
}

export interface SignerApiPeerOptions {
  /** JSON-RPC of the chain the ID registry is on. */
  rpcUrl: string;
  /** Called when a key is approved for a fid (the hub peer's addSigner). */
  onApproved?: (fid: number, key: string) => void;
  /** Called when an approved key is revoked (the hub peer's removeSigner). */
  onRevoked?: (fid: number, key: string) => void;
  /** The account the approval page approves as (demo). */
  demoUser?: Pick<FarcasterUser, 'fid' | 'username'>;
}

const REGISTRY = new Interface(['function custodyOf(uint256 fid) view returns (address)']);
const KEY = /^0x[0-9a-fA-F]{64}$/;
const invalid = (message: string): PeerResponse => ({ status: 400, json: { errors: [{ message }] } });
const answer = (request: KeyRequest): PeerResponse => {
  const { deadline: _deadline, ...shown } = request;
  return { status: 200, json: { result: { signedKeyRequest: { ...shown, isSponsored: false } } } };
};

export class SignerApiPeer extends HttpPeer {
  readonly requests: KeyRequest[] = [];

  constructor(private readonly options: SignerApiPeerOptions) {
    super();
  }

  protected handle(request: PeerRequest): Promise<PeerResponse> | PeerResponse {
    const route = `${request.method} ${request.url.pathname}`;
    if (route === 'POST /v2/signed-key-requests') return this.create(request);
    const found = this.requests.find((r) => r.token === request.url.searchParams.get('token'));
    if (route === 'GET /v2/signed-key-request') return found ? answer(found) : { status: 404, json: {} };
    if (route === 'GET /approve') return this.page(found);
    if (route === 'POST /approve' || route === 'POST /reject')
      return this.decide(found, route === 'POST /approve');
    return { status: 404, json: {} };
  }

  private async custodyOf(fid: number): Promise<string> {
    const provider = new JsonRpcProvider(this.options.rpcUrl, undefined, { staticNetwork: true });
    try {
      const data = REGISTRY.encodeFunctionData('custodyOf', [fid]);
      return getAddress(
        REGISTRY.decodeFunctionResult(
          'custodyOf',
          await provider.call({ to: FARCASTER_ID_REGISTRY_ADDRESS, data }),
        )[0],
      );
    } finally {
      provider.destroy();
    }
  }

  private async create(request: PeerRequest): Promise<PeerResponse> {
    const { key, requestFid, signature, deadline } = jsonOf(request) ?? {};
    if (typeof key !== 'string' || !KEY.test(key)) return invalid('key must be a 32-byte hex key');
    if (typeof requestFid !== 'number' || typeof deadline !== 'number' || typeof signature !== 'string') {
      return invalid('requestFid, signature and deadline are required');
    }
    if (deadline * 1000 <= Date.now()) return invalid('deadline has passed');
    const custody = await this.custodyOf(requestFid);
    const verified = await verifyKeyRequest(
      { requestFid: BigInt(requestFid), key: Buffer.from(key.slice(2), 'hex'), deadline: BigInt(deadline) },
      Buffer.from(signature.replace(/^0x/, ''), 'hex'),
      Buffer.from(custody.slice(2), 'hex'),
    );
    if (!verified.isOk() || !verified.value)
      return invalid('the signature is not by the custody of requestFid');
    const token = `0x${randomBytes(16).toString('hex')}`;
    const keyRequest: KeyRequest = {
      token,
      deeplinkUrl: `${this.url}/approve?${new URLSearchParams({ token })}`,
      key: key.toLowerCase(),
      requestFid,
      deadline,
      state: 'pending',
    };
    this.requests.push(keyRequest);
    return answer(keyRequest);
  }

  private find(key: string): KeyRequest {
    const request = [...this.requests].reverse().find((r) => r.key === key.toLowerCase());
    if (!request) throw new Error(`no signed key request for ${key}`);
    return request;
  }

  /** The user approves the key in their Farcaster app and it is added on chain for their fid. */
  approve(key: string, userFid: number): void {
    const request = this.find(key);
    request.state = 'completed';
    request.userFid = userFid;
    this.options.onApproved?.(userFid, request.key);
  }

  /** The user refuses the key (or removes it once added). */
  revoke(key: string): void {
    const request = this.find(key);
    if (request.state === 'completed' && request.userFid)
      this.options.onRevoked?.(request.userFid, request.key);
    request.state = 'revoked';
  }

  private page(request: KeyRequest | undefined): PeerResponse {
    const user = this.options.demoUser;
    if (!request || !user) return { status: 404, html: '<p>No such request.</p>' };
    const token = `<input type="hidden" name="token" value="${escapeHtml(request.token)}">`;
    return {
      status: 200,
      html: `<!doctype html><meta charset="utf-8"><title>Approve a signer (stand-in)</title>
<h1>Let fid ${request.requestFid} post for @${escapeHtml(user.username)}?</h1>
<p>This page stands in for the Farcaster app (demo only). Key ${escapeHtml(request.key)}; state ${request.state}.</p>
<form method="post" action="/approve?token=${encodeURIComponent(request.token)}">${token}<button>Approve</button></form>
<form method="post" action="/reject?token=${encodeURIComponent(request.token)}">${token}<button>Reject</button></form>`,
    };
  }

  private decide(request: KeyRequest | undefined, approve: boolean): PeerResponse {
    const user = this.options.demoUser;
    if (!request || !user || request.state !== 'pending')
      return { status: 400, html: '<p>Nothing to decide.</p>' };
    if (approve) this.approve(request.key, user.fid);
    else this.revoke(request.key);
    return { status: 200, html: `<p>${approve ? 'Approved' : 'Rejected'}. Go back to the page.</p>` };
  }
}
