// Demo only: Farcaster's services as the local stand-ins of the tests (test/support/farcaster/,
// gathered by standins.ts) for `npm start`, so a person can log in with Farcaster, approve a signer
// and post a cast offline: the ID registry on the dev chain, an auth relay whose sign-in page plays
// the Farcaster app as @demo-alice (Hardhat's publicly known dev key 5), a signed key request API
// with an approve / reject page, and a hub that prints and lists what it accepted. They are not
// Farcaster. The TypeScript files (and the protocol constants they share) are loaded through
// Vite's module runner, a dev dependency as the build is.
import { join } from 'node:path';

/** The relay, the signed key request API and the hub on three ports from `port`. */
export const farcasterStandInPorts = (port) => ({ relay: port, signerApi: port + 1, hub: port + 2 });

/** The provider's GATEHOUSE_FARCASTER_* for the stand-ins, unless the environment names real services. */
export function farcasterStandInEnv(ports, chainRpcUrl, env = process.env) {
  return {
    GATEHOUSE_FARCASTER_RELAY_URL: env.GATEHOUSE_FARCASTER_RELAY_URL ?? `http://127.0.0.1:${ports.relay}`,
    GATEHOUSE_FARCASTER_RPC_URL: env.GATEHOUSE_FARCASTER_RPC_URL ?? chainRpcUrl,
    GATEHOUSE_FARCASTER_SIGNER_API_URL:
      env.GATEHOUSE_FARCASTER_SIGNER_API_URL ?? `http://127.0.0.1:${ports.signerApi}`,
    GATEHOUSE_FARCASTER_HUB_URL: env.GATEHOUSE_FARCASTER_HUB_URL ?? `http://127.0.0.1:${ports.hub}`,
  };
}

/**
 * Starts the stand-ins once the dev chain runs, and switches the demo app to Farcaster login with
 * the stand-in app identity (fid 20000, dev key 6). Answers the demo account and `stop()`.
 */
export async function startFarcasterStandIns({ root, ports, chainRpcUrl, chainRpc, appId, cli }) {
  const { runnerImport } = await import('vite');
  const { module } = await runnerImport(join(root, 'test/support/farcaster/standins.ts'), {
    configFile: false,
    logLevel: 'error',
  });
  const standIns = await module.startFarcasterStandIns(chainRpcUrl, chainRpc, ports);
  const { fid, custodyKey } = standIns.app;
  cli(
    'apps',
    'set',
    appId,
    'farcaster_auth=true',
    `farcaster.fid=${fid}`,
    `farcaster.custody_key=${custodyKey}`,
  );
  return { user: module.DEMO_FARCASTER_USER, stop: () => standIns.stop() };
}
