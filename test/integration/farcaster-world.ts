/**
 * Everything a Farcaster test needs, each a real peer on loopback: the dev chain with the ID
 * registry at its OP Mainnet address, the auth relay, the signed key request API and a hub, and
 * the provider in-process pointed at them, with Farcaster login on for its app, the app's own
 * Farcaster identity set, and a Farcaster user, alice, registered with her custody key.
 */
import { Wallet } from 'ethers';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { AuthResult } from '../../src/protocol/api.js';
import { HEADERS } from '../../src/protocol/constants.js';
import {
  FARCASTER_API_PATHS,
  FARCASTER_CHANNEL_TOKEN_HEADER,
  type FarcasterInitResponse,
  type FarcasterStatusResponse,
} from '../../src/protocol/farcaster.js';
import { type Chain, startChain } from '../support/chain.js';
import { HubPeer } from '../support/farcaster/hub.js';
import { type IdRegistry, installIdRegistry } from '../support/farcaster/registry.js';
import { FarcasterRelayPeer } from '../support/farcaster/relay.js';
import { SignerApiPeer } from '../support/farcaster/signer-api.js';
import {
  completeChannel,
  type FarcasterUser,
  type SignedIn,
  type SignInOverrides,
} from '../support/farcaster/wallet.js';
import { type Harness, ORIGIN, startHarness } from './harness.js';

export const APP_FID = 9152;

export function farcasterUser(fid: number, username: string): FarcasterUser {
  return {
    fid,
    custody: Wallet.createRandom(),
    username,
    displayName: `${username[0]?.toUpperCase()}${username.slice(1)}`,
    bio: `${username} casts here`,
    pfpUrl: `https://images.example/${username}.png`,
  };
}

export interface FarcasterWorld {
  chain: Chain;
  registry: IdRegistry;
  relay: FarcasterRelayPeer;
  signerApi: SignerApiPeer;
  hub: HubPeer;
  h: Harness;
  alice: FarcasterUser;
  /** A Farcaster user registered in the ID registry. */
  register(user: FarcasterUser): Promise<void>;
  /** `farcaster/init` from a page of the app. */
  init(headers?: Record<string, string>): Promise<FarcasterInitResponse>;
  status(channelToken: string): Promise<LightMyRequestResponse>;
  /** init, then the Farcaster app completes the channel as `user`, then the page reads the status. */
  signIn(
    user?: FarcasterUser,
    overrides?: SignInOverrides,
  ): Promise<SignedIn & { status: FarcasterStatusResponse }>;
  authenticate(signed: SignedIn, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Signs in and logs in; the auth result. */
  login(user?: FarcasterUser): Promise<AuthResult>;
  stopPeers(): Promise<void>;
  close(): Promise<void>;
}

/** The dev chain and the three peers, started once per test file. */
export async function startFarcasterPeers() {
  const chain = await startChain();
  const registry = await installIdRegistry(chain.rpc);
  const hub = new HubPeer();
  const relay = new FarcasterRelayPeer();
  const signerApi = new SignerApiPeer({
    rpcUrl: chain.rpcUrl,
    onApproved: (fid, key) => hub.addSigner(fid, key),
    onRevoked: (fid, key) => hub.removeSigner(fid, key),
  });
  await Promise.all([hub.start(), relay.start(), signerApi.start()]);
  const stopPeers = async () => {
    await Promise.all([hub.stop(), relay.stop(), signerApi.stop()]);
    await chain.close();
  };
  return { chain, registry, hub, relay, signerApi, stopPeers };
}

/** A provider for these peers (one per test), its app set up for Farcaster. */
export async function startFarcasterWorld(peers: FarcasterPeers): Promise<FarcasterWorld> {
  const { chain, registry, relay, signerApi, hub } = peers;
  const h = await startHarness({
    farcaster: { relayUrl: relay.url, rpcUrl: chain.rpcUrl, signerApiUrl: signerApi.url, hubUrl: hub.url },
  });
  await h.server.gatehouse.apps.update(h.appId, [{ field: 'farcaster_auth', value: true }]);
  const appCustody = Wallet.createRandom();
  await registry.setCustody(APP_FID, appCustody.address);
  const settings = h.server.gatehouse.farcaster.settings;
  await settings.set(h.appId, 'farcaster.fid', String(APP_FID));
  await settings.set(h.appId, 'farcaster.custody_key', appCustody.privateKey);

  const alice = farcasterUser(4242 + Math.floor(Math.random() * 100_000), 'alice');
  const register = (user: FarcasterUser) => registry.setCustody(user.fid, user.custody.address);
  await register(alice);

  async function init(headers: Record<string, string> = {}): Promise<FarcasterInitResponse> {
    const response = await h.post(FARCASTER_API_PATHS.init, {}, headers);
    if (response.statusCode !== 200) throw new Error(`init: ${response.statusCode} ${response.body}`);
    return response.json<FarcasterInitResponse>();
  }
  const status = (channelToken: string) =>
    h.inject({
      method: 'GET',
      url: FARCASTER_API_PATHS.status,
      headers: { [HEADERS.appId]: h.appId, origin: ORIGIN, [FARCASTER_CHANNEL_TOKEN_HEADER]: channelToken },
    });
  async function signIn(user = alice, overrides: SignInOverrides = {}) {
    const { connect_uri } = await init();
    const signed = await completeChannel(relay.url, relay.authKey, user, connect_uri, overrides);
    const read = await status(signed.channelToken);
    if (read.statusCode !== 200) throw new Error(`status: ${read.statusCode} ${read.body}`);
    return { ...signed, status: read.json<FarcasterStatusResponse>() };
  }
  const authenticate = (signed: SignedIn, headers: Record<string, string> = {}) =>
    h.post(
      FARCASTER_API_PATHS.authenticate,
      {
        channel_token: signed.channelToken,
        message: signed.message,
        signature: signed.signature,
        fid: signed.fid,
      },
      headers,
    );
  async function login(user = alice): Promise<AuthResult> {
    const response = await authenticate(await signIn(user));
    if (response.statusCode !== 200) throw new Error(`authenticate: ${response.statusCode} ${response.body}`);
    return response.json<AuthResult>();
  }
  return {
    ...peers,
    h,
    alice,
    register,
    init,
    status,
    signIn,
    authenticate,
    login,
    close: () => h.close(),
  };
}

export type FarcasterPeers = Awaited<ReturnType<typeof startFarcasterPeers>>;

/**
 * The hooks of a Farcaster test file: the peers once for the file, a provider for each test.
 * Read `suite.peers` and `suite.w` inside the tests.
 */
export function farcasterSuite(): { readonly peers: FarcasterPeers; readonly w: FarcasterWorld } {
  let peers: FarcasterPeers | undefined;
  let world: FarcasterWorld | undefined;
  beforeAll(async () => {
    peers = await startFarcasterPeers();
  }, 60_000);
  afterAll(() => peers?.stopPeers());
  beforeEach(async () => {
    world = await startFarcasterWorld(peers as FarcasterPeers);
  });
  afterEach(() => world?.close());
  return {
    get peers() {
      return peers as FarcasterPeers;
    },
    get w() {
      return world as FarcasterWorld;
    },
  };
}
