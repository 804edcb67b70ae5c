/**
 * The fake provider plus Farcaster (§4.4), as the real server answers it: a relay channel per
 * `farcaster/init` that the test completes as the Farcaster app would, `authenticate`, `link`,
 * `unlink` (never the user's last way to log in) and the signer's status, for unit tests of the client.
 */

import {
  FARCASTER_API_PATHS,
  FARCASTER_CHANNEL_TOKEN_HEADER,
  type FarcasterSignerStatus,
  type FarcasterStatusResponse,
} from '../../../src/protocol/farcaster.js';
import {
  type AuthResult,
  cannotLinkMoreOfTypeMessage,
  type LinkedAccountWire,
  type UserWire,
} from '../../../src/protocol/index.js';
import { FakeProvider } from './fake-provider.js';
import { error, json, tokenUser } from './sms-provider.js';

let channelSerial = 0;
const FARCASTER_PATHS: readonly string[] = Object.values(FARCASTER_API_PATHS);
/** A channel the Farcaster app has not signed in on yet, as `farcaster/status` answers it. */
export const PENDING: FarcasterStatusResponse = {
  state: 'pending',
  message: null,
  signature: null,
  fid: null,
  username: null,
  display_name: null,
  bio: null,
  pfp_url: null,
};

export class FarcasterProvider extends FakeProvider {
  /** Channel token → its status at the relay. */
  readonly channels = new Map<string, FarcasterStatusResponse>();
  /** The `connect_uri` of the latest channel (what the QR code or 'Open Farcaster' carries). */
  connectUri = '';
  /** What `farcaster/signer/status` answers. */
  signerStatus: FarcasterSignerStatus = 'pending_approval';

  constructor() {
    super();
    this.app = { ...this.app, farcaster_auth: true };
    const base = this.fetch;
    (this as { fetch: FakeProvider['fetch'] }).fetch = (input, init) =>
      FARCASTER_PATHS.includes(new URL(input).pathname) ? this.handle(input, init) : base(input, init);
  }

  private get store(): Map<string, UserWire> {
    return (this as unknown as { users: Map<string, UserWire> }).users;
  }

  /** The Farcaster app signs in on the latest channel as `fid`. */
  complete(fid: number, username: string): void {
    const token = [...this.channels.keys()].at(-1);
    if (!token) throw new Error('no channel opened');
    this.channels.set(token, {
      ...PENDING,
      state: 'completed',
      message: `shop.test wants you to sign in with your Ethereum account… (fid ${fid})`,
      signature: '0xabc',
      fid,
      username,
    });
  }

  /** A `farcaster` linked account, as the server lists it. */
  account(fid: number, username: string): LinkedAccountWire {
    const now = this.now();
    return {
      type: 'farcaster',
      fid,
      owner_address: '0x0000000000000000000000000000000000000001',
      username,
      display_name: null,
      bio: null,
      pfp: null,
      url: `https://farcaster.xyz/${username}`,
      signer_public_key: null,
      verified_at: now,
      first_verified_at: now,
      latest_verified_at: now,
    } as LinkedAccountWire;
  }

  private owner(fid: number): UserWire | undefined {
    return [...this.store.values()].find((u) =>
      u.linked_accounts.some((a) => a.type === 'farcaster' && (a as { fid?: number }).fid === fid),
    );
  }

  private init(): Response {
    // Unique across providers: a poll left over from an earlier test never reads this one's channel.
    const token = `channel-${++channelSerial}`;
    this.channels.set(token, PENDING);
    this.connectUri = `https://farcaster.xyz/~/siwf?channelToken=${token}&nonce=Xk3v9QpL2mZr8TyA&siweUri=https%3A%2F%2Fshop.test&domain=shop.test&notBefore=2026-11-29T10%3A00%3A00.000Z`;
    return json({ connect_uri: this.connectUri, channel_token: token });
  }

  private authenticate(fid: number, username: string): Response {
    const existing = this.owner(fid);
    const user: UserWire = existing ?? {
      id: `farcaster-user-${fid}`,
      created_at: this.now(),
      linked_accounts: [this.account(fid, username)],
      mfa_methods: [],
      has_accepted_terms: false,
    };
    this.store.set(`farcaster:${fid}`, user);
    const result: AuthResult = { user, ...this.issue(user), is_new_user: !existing };
    return json(result);
  }

  private async handle(input: string, init: RequestInit): Promise<Response> {
    const path = new URL(input).pathname;
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    this.requests.push({ method: init.method ?? 'GET', path, headers, body, credentials: init.credentials });
    if (path === FARCASTER_API_PATHS.init) return this.init();
    const channel = this.channels.get(String(body.channel_token ?? headers[FARCASTER_CHANNEL_TOKEN_HEADER]));
    if (path === FARCASTER_API_PATHS.status) return channel ? json(channel) : error('not_found');
    const signed = channel?.state === 'completed' && channel.fid === body.fid ? channel : null;
    if (path === FARCASTER_API_PATHS.authenticate) {
      return signed ? this.authenticate(signed.fid!, signed.username!) : error('invalid_credentials');
    }
    const user = tokenUser(this.store.values(), init);
    if (!user) return error('missing_or_invalid_token');
    return this.change(path, user, body, signed);
  }

  private change(
    path: string,
    user: UserWire,
    body: Record<string, unknown>,
    signed: FarcasterStatusResponse | null,
  ): Response {
    const mine = user.linked_accounts.find((a) => a.type === 'farcaster') as { fid?: number } | undefined;
    if (path === FARCASTER_API_PATHS.link) {
      if (!signed) return error('invalid_credentials');
      if (mine) return error('cannot_link_more_of_type', cannotLinkMoreOfTypeMessage('farcaster'));
      user.linked_accounts.push(this.account(signed.fid!, signed.username!));
      return json(user);
    }
    if (path === FARCASTER_API_PATHS.unlink) {
      if (!mine || mine.fid !== body.fid) return error('account_not_found');
      const logins = user.linked_accounts.filter(
        (a) => a.type !== 'wallet' || a.wallet_client !== 'gatehouse',
      );
      if (logins.length <= 1) return error('cannot_unlink_last_account');
      user.linked_accounts = user.linked_accounts.filter((a) => a !== (mine as unknown));
      return json(user);
    }
    if (path === FARCASTER_API_PATHS.signerStatus) {
      const key = String(body.ed25519_public_key);
      if (this.signerStatus === 'approved' && mine) Object.assign(mine, { signer_public_key: key });
      const url =
        this.signerStatus === 'pending_approval' ? 'https://farcaster.xyz/~/connect?token=sk1' : null;
      return json({ public_key: key, status: this.signerStatus, signer_approval_url: url });
    }
    return error('not_found');
  }
}
