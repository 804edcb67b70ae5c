// Demo only: the MoonPay stand-in of the tests (test/support/moonpay.ts) for `npm start`, so a
// person can fund the embedded wallet by 'card' offline. It is a local peer, not MoonPay: its buy
// page says so, charges nothing, and when a purchase completes the demo sends the ETH bought from
// a dev account on the local chain. The TypeScript files are transpiled as they are (typescript is
// a dev dependency, as the build is) into a temporary folder removed when the demo stops.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const FILES = ['moonpay.ts', 'moonpay-pages.ts', 'loopback.ts'];

/** test/support/moonpay.ts as a module, and a function that removes its transpiled copy. */
async function loadStandIn(root) {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-moonpay-'));
  for (const name of FILES) {
    const source = readFileSync(join(root, 'test/support', name), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    writeFileSync(join(dir, name.replace(/\.ts$/, '.js')), outputText);
  }
  const module = await import(pathToFileURL(join(dir, 'moonpay.js')).href);
  return { module, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Wei of a decimal ETH amount as MoonPay answers it (a number with at most 6 decimals here). */
function weiOf(amount) {
  return BigInt(Math.round(amount * 1e6)) * 10n ** 12n;
}

/**
 * Starts the stand-in on `port` (127.0.0.1) and points the demo app's on-ramp at it, in sandbox
 * mode with fresh test keys. `send(address, wei)` funds the wallet when a purchase completes and
 * answers the transaction hash.
 */
export async function startMoonpayStandIn({ root, port, appId, cli, send }) {
  const { module, remove } = await loadStandIn(root);
  const account = module.moonpayAccount();
  const peer = new module.MoonpayPeer(account, {
    port,
    onCompleted: async (purchase) => {
      const amount = Number(purchase.transaction.quoteCurrencyAmount);
      const hash = await send(purchase.walletAddress, weiOf(amount));
      console.log(
        `[moonpay stand-in] purchase completed: ${amount} ETH to ${purchase.walletAddress} (${hash})`,
      );
      return hash;
    },
  });
  try {
    await peer.start();
  } catch (error) {
    remove();
    throw new Error(
      `The MoonPay stand-in cannot listen on port ${port} (${error.message}); set DEMO_MOONPAY_PORT.`,
    );
  }
  cli('apps', 'set', appId, ...peer.appSettings());
  return {
    url: peer.url,
    async stop() {
      await peer.stop();
      remove();
    },
  };
}
