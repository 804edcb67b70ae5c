import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser.js';
import { type Chain, startChain } from '../support/chain.js';
import { HostSite } from '../support/host.js';
import { Mailbox } from '../support/mailbox.js';
import { freePort, Provider } from '../support/provider.js';
import { enableA11yScan } from './a11y-scan.js';

/** What every browser test stands on: a mailbox, a host site, the built provider with one app for the site, Chromium. */
export interface World {
  mailbox: Mailbox;
  site: HostSite;
  provider: Provider;
  browser: Browser;
  appId: string;
  /** The hardhat dev chain, when the options asked for one. */
  chain?: Chain;
  /** Stops all of it. */
  stop(): Promise<void>;
}

export interface WorldOptions {
  appName?: string;
  /** Extra environment of `gatehouse serve`. */
  env?: Record<string, string>;
  /** `gatehouse apps set <app id> …` assignments, made before the provider starts. */
  settings?: string[];
  /** Origins the app allows besides the host site's. */
  otherOrigins?: string[];
  /** Also start the hardhat dev chain (`world.chain`), stopped with the rest. */
  chain?: boolean;
  /** Chromium without its omnibox popup page, for timing (support/browser.ts). */
  withoutOmniboxPopup?: boolean;
  /**
   * A host name for the provider's origin instead of 127.0.0.1 (passkeys: an RP ID is a domain),
   * mapped to loopback in Chromium and treated there as a secure origin.
   */
  providerHost?: string;
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const run of stops.splice(0).reverse()) await run();
  };
  try {
    const mailbox = new Mailbox();
    await mailbox.start();
    stops.push(() => mailbox.stop());
    const site = new HostSite();
    await site.start();
    stops.push(() => site.stop());
    const { providerHost } = options;
    const provider = new Provider({ smtpUrl: mailbox.url, env: options.env, publicHost: providerHost });
    stops.push(() => provider.dispose());
    if (providerHost) provider.port = await freePort();
    const origins = [site.origin, ...(options.otherOrigins ?? [])];
    const appId = await provider.createApp(options.appName ?? 'Acme Shop', origins);
    if (options.settings?.length) await provider.cli('apps', 'set', appId, ...options.settings);
    await provider.start();
    const browser = await launchChromium({
      withoutOmniboxPopup: options.withoutOmniboxPopup,
      args: providerHost
        ? [
            `--host-resolver-rules=MAP ${providerHost} 127.0.0.1`,
            `--unsafely-treat-insecure-origin-as-secure=${provider.url}`,
          ]
        : [],
    });
    stops.push(() => browser.close());
    // Every screen a test waits for is scanned with axe-core (a11y-scan.ts).
    await enableA11yScan(browser);
    let chain: Chain | undefined;
    if (options.chain) {
      const started = await startChain();
      chain = started;
      stops.push(() => started.close());
    }
    return { mailbox, site, provider, browser, appId, chain, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
