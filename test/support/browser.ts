import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium), never a downloaded browser build. */
function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => Boolean(p && existsSync(p)));
  if (!found)
    throw new Error(
      'Chromium not found: install it with `apt-get install -y chromium` or set CHROMIUM_PATH.',
    );
  return found;
}

/**
 * For timing (npm run bench:modal): features the browser runs without. Chromium reads only the
 * last --disable-features switch, and ours comes after Playwright's, so this list repeats
 * Playwright's own (playwright-core 1.65) and adds the omnibox popup: a WebUI page headless
 * Chromium 156 loads for every new window (sixty-odd modules and their rendering, on the same two
 * cores as the page being timed: it took LANDING from 48 to 110 ms after the modal's file
 * arrived). The test suite keeps Playwright's defaults: with this list, one Farcaster test that
 * fast-forwards the page's clock hung in about one run of ten (not found why; without it, none in
 * 22). launchChromium() checks at each launch that none of Playwright's features is missing.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];
const DISABLE_FEATURES = '--disable-features=';

export interface LaunchOptions {
  /** More switches, after ours (host rules, secure origins). */
  args?: string[];
  /** Chromium's omnibox popup page off, for timing (DISABLED_FEATURES says why). */
  withoutOmniboxPopup?: boolean;
}

/** Headless Chromium for the browser tests and benchmarks. */
export async function launchChromium({
  args = [],
  withoutOmniboxPopup = false,
}: LaunchOptions = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...(withoutOmniboxPopup ? [`${DISABLE_FEATURES}${DISABLED_FEATURES.join(',')}`] : []),
      ...args,
    ],
  });
  if (withoutOmniboxPopup) await checkDisabledFeatures(browser);
  return browser;
}

/** Fails the launch when a Playwright upgrade disables a feature this list does not. */
async function checkDisabledFeatures(browser: Browser): Promise<void> {
  // chrome://version shows the command line (CDP's getBrowserCommandLine needs --enable-automation).
  const page = await browser.newPage();
  await page.goto('chrome://version');
  const commandLine = (await page.textContent('#command_line')) ?? '';
  await page.close();
  const lists = commandLine
    .split(/\s+/)
    .filter((arg) => arg.startsWith(DISABLE_FEATURES))
    .map((arg) => arg.slice(DISABLE_FEATURES.length).split(','));
  const missing = lists.flat().filter((feature) => feature && !DISABLED_FEATURES.includes(feature));
  let problem: string | null = null;
  if (lists.length === 0) problem = `No ${DISABLE_FEATURES} on Chromium's command line: ${commandLine}`;
  else if (missing.length > 0)
    problem = `Playwright now disables ${missing.join(', ')}: add them to DISABLED_FEATURES (test/support/browser.ts)`;
  if (problem) {
    await browser.close();
    throw new Error(problem);
  }
}
