/**
 * The Farcaster stand-ins of the demo (`npm start`, scripts/demo.js), on fixed ports of this
 * machine: the ID registry on the demo's dev chain, an auth relay whose sign-in page plays the
 * Farcaster app for a demo account (no phone needed), a signed key request API whose approval page
 * lets you approve or reject a signer, and a hub that shows what it accepted. The same peers the
 * tests use. Never for production: the accounts' keys are Hardhat's publicly known dev keys.
 */
import { HDNodeWallet } from 'ethers';
import { HubPeer } from './hub.js';
import { type ChainRpc, installIdRegistry } from './registry.js';
import { FarcasterRelayPeer } from './relay.js';
import { SignerApiPeer } from './signer-api.js';
import type { FarcasterUser } from './wallet.js';

/** Hardhat's dev mnemonic (hardhat.config.cjs): its accounts are the chain's, and known to everyone. */
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
const devAccount = (index: number) =>
  HDNodeWallet.fromPhrase(DEV_MNEMONIC, undefined, `m/44'/60'/0'/0/${index}`);

/** The demo's Farcaster account (custody: dev account 5) and the demo app's own identity (dev account 6). */
export const DEMO_FARCASTER_USER: FarcasterUser = {
  fid: 20_001,
  custody: devAccount(5),
  username: 'demo-alice',
  displayName: 'Demo Alice',
  bio: 'A stand-in Farcaster account of the Gatehouse demo',
  pfpUrl: 'https://picsum.photos/seed/gatehouse/96',
};
export const DEMO_APP_FID = 20_000;

export interface StandInPorts {
  relay: number;
  signerApi: number;
  hub: number;
}

export interface FarcasterStandIns {
  relay: FarcasterRelayPeer;
  signerApi: SignerApiPeer;
  hub: HubPeer;
  /** The demo app's Farcaster identity, for `gatehouse apps set`. */
  app: { fid: number; custodyKey: string };
  stop(): Promise<void>;
}

export async function startFarcasterStandIns(
  chainRpcUrl: string,
  rpc: ChainRpc,
  ports: StandInPorts,
  log: (line: string) => void = console.log,
): Promise<FarcasterStandIns> {
  const registry = await installIdRegistry(rpc);
  const appCustody = devAccount(6);
  await registry.setCustody(DEMO_FARCASTER_USER.fid, DEMO_FARCASTER_USER.custody.address);
  await registry.setCustody(DEMO_APP_FID, appCustody.address);
  const hub = new HubPeer();
  hub.onAccepted = (message) => log(`[farcaster hub stand-in] accepted ${message.summary}`);
  const relay = new FarcasterRelayPeer({ demoUser: DEMO_FARCASTER_USER });
  const signerApi = new SignerApiPeer({
    rpcUrl: chainRpcUrl,
    demoUser: DEMO_FARCASTER_USER,
    onApproved: (fid, key) => {
      hub.addSigner(fid, key);
      log(`[farcaster signer stand-in] fid ${fid} approved the signer ${key}`);
    },
    onRevoked: (fid, key) => hub.removeSigner(fid, key),
  });
  await relay.start(ports.relay);
  await signerApi.start(ports.signerApi);
  await hub.start(ports.hub);
  return {
    relay,
    signerApi,
    hub,
    app: { fid: DEMO_APP_FID, custodyKey: appCustody.privateKey },
    async stop() {
      await Promise.all([relay.stop(), signerApi.stop(), hub.stop()]);
    },
  };
}
