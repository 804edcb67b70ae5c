// Size budgets (brotli), checked by `npm test` after the build. Each sits about 3 % above what it
// measured when set (2026-11-29, the sizes written beside each): room for the ±40 B a lazy chunk's
// new hash moves the preload lists by, so the folders follow topics and not bytes, while any real
// growth still shows. A budget moves only with its reason written here. The widget's budgets follow its
// chunk graph, read from Vite's manifest: what a page loads on every visit (the loader, the widget
// entry and its static imports), and what the first opening of the login modal adds (the UI chunk
// and its static imports). Chunks behind a later dynamic import (a flow, a screen) count in neither.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const widgetRoot = 'dist/client/widget';
const [version] = existsSync(widgetRoot) ? readdirSync(widgetRoot) : [];
if (!version) throw new Error(`No widget build under ${widgetRoot}: run npm run build first.`);
const widgetDir = join(widgetRoot, version);
const manifest = JSON.parse(readFileSync(join(widgetDir, '.vite/manifest.json'), 'utf8'));

/** The files of the given manifest entries and of everything they import statically. */
function closureIn(graph, keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = graph[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    seen.add(key);
    closureIn(graph, chunk.imports ?? [], seen);
  }
  return seen;
}
const staticClosure = (keys, seen) => closureIn(manifest, keys, seen);
const files = (keys) => [...keys].map((key) => join(widgetDir, manifest[key].file));

// The wallet frame (its own build, vite.frame.config.ts): the hidden frame's first load, and the
// Farcaster chunk (message building, Ed25519, BLAKE3) that the first Farcaster request fetches.
const frameDir = 'dist/client/frame';
const frameManifest = JSON.parse(readFileSync(join(frameDir, '.vite/manifest.json'), 'utf8'));
const frameFiles = (keys) => [...keys].map((key) => join(frameDir, frameManifest[key].file));
const frameFirstLoad = closureIn(frameManifest, ['wallet.html']);
const farcasterChunk = [...closureIn(frameManifest, ['farcaster/load.ts'], new Set(frameFirstLoad))].filter(
  (key) => !frameFirstLoad.has(key),
);
// The frame's passkey flows (login, link, step-up, MFA, recovery), fetched on the first passkey
// request or step: most wallets never use one.
const passkeyChunk = [...closureIn(frameManifest, ['passkey-chunk.ts'], new Set(frameFirstLoad))].filter(
  (key) => !frameFirstLoad.has(key),
);
// The provider-origin surface (surface.html), its own page: its scripts and stylesheet, and the QR
// code chunk (qrcode-generator) that only the authenticator enrolment fetches.
const surfaceFirstLoad = closureIn(frameManifest, ['surface.html']);
const surfaceFiles = [
  ...frameFiles(surfaceFirstLoad),
  ...[...surfaceFirstLoad].flatMap((key) =>
    (frameManifest[key].css ?? []).map((file) => join(frameDir, file)),
  ),
];
const qrKey = Object.keys(frameManifest).find(
  (key) => key.endsWith('/qr.ts') && frameManifest[key].isDynamicEntry,
);
if (!qrKey) throw new Error('The QR code is not a lazy chunk of the frame build');
const qrChunk = [...closureIn(frameManifest, [qrKey], new Set(surfaceFirstLoad))].filter(
  (key) => !surfaceFirstLoad.has(key),
);
// The passkey view and its WebAuthn code, fetched with the first passkey view a prompt shows.
const passkeyViewChunk = [
  ...closureIn(frameManifest, ['surface/views/passkey.ts'], new Set(surfaceFirstLoad)),
].filter((key) => !surfaceFirstLoad.has(key));
// A surface in the widget's language: the chunk that reads and checks it (surface/locale.ts) and
// the language's texts, fetched before the first render of a surface whose widget is not English.
const surfaceLocale = (lang) =>
  [
    ...closureIn(
      frameManifest,
      ['surface/locale.ts', `surface/locales/${lang}.ts`],
      new Set(surfaceFirstLoad),
    ),
  ].filter((key) => !surfaceFirstLoad.has(key));

// Their budgets (brotli): the chunk that checks the language, puts the texts over English and
// gives the wallet frame's errors in the language (surface/locale.ts, about 500 B with its map of
// the nine languages), and the language's texts: the surface's own, the wallet frame's errors by
// their code, and the widget's translations of the objects it shows, taken whole from
// core/locales/<language>/review.ts. Measured 2026-11-30, when the surface stopped taking the
// widget's whole wallet part (its funding, external wallet and flow texts: about 800 B a language)
// and the frame's errors came (+300 to +450 B); then +100 B for the review's amounts and the
// factors' dates in the language (Intl.NumberFormat, toLocaleString).
const surfaceLocales = Object.entries({
  ja: ['Japanese', '5.27 KB'], // 5,176 B: word-break auto-phrase
  ar: ['Arabic', '5.22 KB'], // 5,127 B: dir="rtl"
  es: ['Spanish', '4.99 KB'], // 4,896 B
  pt: ['Portuguese', '5.04 KB'], // 4,945 B
  fr: ['French', '5.28 KB'], // 5,187 B
  de: ['German', '5.36 KB'], // 5,263 B
  zh: ['Simplified Chinese', '4.74 KB'], // 4,646 B
  ko: ['Korean', '5.09 KB'], // 4,999 B
  tr: ['Turkish', '5.17 KB'], // 5,070 B
}).map(([lang, [language, limit]]) => ({
  name: `surface in ${language} (lazy: surface/locale.ts and surface/locales/${lang}.ts)`,
  path: frameFiles(surfaceLocale(lang)),
  brotli: true,
  limit,
}));

const startup = staticClosure(['src/widget/index.ts']);
// The UI chunk: ui.tsx is merged with its static imports into one chunk named `modal` (vite.chunks.ts).
const uiChunk = Object.keys(manifest).find((k) => k === 'src/widget/ui.tsx' || manifest[k].name === 'modal');
const firstOpen = staticClosure([uiChunk], new Set(startup));
/** The chunk holding a source module (an entry of its own, or a chunk shared by lazy parts). */
const chunkOf = (source) => {
  const key = Object.keys(manifest).find((k) => k === source || manifest[k].src === source);
  if (key) return key;
  const name = source
    .split('/')
    .pop()
    .replace(/\.tsx?$/, '');
  const shared = Object.keys(manifest).filter((k) => manifest[k].name === name);
  if (shared.length !== 1) throw new Error(`${source} is not one chunk of the widget build`);
  return shared[0];
};
// The embedded wallet client (core/wallet/embedded: proxy, flows, EIP-1193 provider), lazy:
// what its first use adds beyond the every-page files.
const walletChunk = [...staticClosure([chunkOf('embedded')], new Set(startup))].filter(
  (key) => !startup.has(key),
);
/** What choosing an entry adds beyond what is already loaded: the closure of `key` minus `loaded`. */
const lazyAdds = (key, loaded) => [...staticClosure([key], new Set(loaded))].filter((k) => !loaded.has(k));
// Fetched once LANDING has painted (screen-views.tsx preloadScreens): the code screen, the code flow
// and the login runtime it shares with every other flow (finish, captcha gate, consent).
const codeScreen = lazyAdds('src/widget/screens/AwaitingPasswordlessCode.tsx', firstOpen);
const afterPaint = new Set([...firstOpen, ...codeScreen]);
// The external wallets (wallet list, SIWE flow, connectors' glue and screens), on the first wallet list.
const externalWallets = lazyAdds('src/widget/screens/external-wallet-screens.tsx', afterPaint);
const entryOf = (prefix) => {
  const key = Object.keys(manifest).find((k) => k.startsWith(prefix) && manifest[k].isDynamicEntry);
  if (!key) throw new Error(`${prefix} is not a lazy entry of the widget build`);
  return key;
};
// A locale (core/locales): its texts and the code that puts them over English, fetched with the
// modal's chunk when the widget's language is not English.
const japanese = lazyAdds('src/core/locales/ja/index.ts', firstOpen);
const german = lazyAdds('src/core/locales/de/index.ts', firstOpen);
const chinese = lazyAdds('src/core/locales/zh/index.ts', firstOpen);
const korean = lazyAdds('src/core/locales/ko/index.ts', firstOpen);
const turkish = lazyAdds('src/core/locales/tr/index.ts', firstOpen);
const arabic = lazyAdds('src/core/locales/ar/index.ts', firstOpen);
const spanish = lazyAdds('src/core/locales/es/index.ts', firstOpen);
const portuguese = lazyAdds('src/core/locales/pt/index.ts', firstOpen);
const french = lazyAdds('src/core/locales/fr/index.ts', firstOpen);
// The embedded wallet's EIP-6963 announcement to the page's dapps (core/wallet/embedded/announce.ts),
// which the wallet chunk fetches once the user has an embedded wallet: what it adds to both.
const announcement = lazyAdds(
  entryOf('src/core/wallet/embedded/announce.ts'),
  new Set([...startup, ...walletChunk]),
);
// Loaded only when a visitor picks WalletConnect or Coinbase Wallet.
const walletConnect = lazyAdds(entryOf('node_modules/@walletconnect/sign-client/'), firstOpen);
const coinbase = lazyAdds(entryOf('node_modules/@coinbase/wallet-sdk/'), firstOpen);

export default [
  {
    name: 'loader (the pasted script tag)',
    path: 'dist/client/loader.js',
    brotli: true,
    // 1,375 B with the early app-configuration GET.
    limit: '1.42 KB',
  },
  {
    name: 'every page: loader + widget entry + its static imports',
    path: ['dist/client/loader.js', ...files(startup)],
    brotli: true,
    // 14,002 B: the entry holds every startup module (tab sync too: no file of its own on every
    // page) and the lazy imports' preload lists. 14,047 B once init()'s checks of the host's
    // configuration became a lazy chunk (-476 B) and the locales came (core/locale.ts, and the code
    // screen's texts here for them: +150 B).
    limit: '14.42 KB',
  },
  {
    name: 'first login modal: the above + the UI chunk and its static imports',
    path: ['dist/client/loader.js', ...files(firstOpen)],
    brotli: true,
    // preact + compat ≈ 7.2 KB and emotion ≈ 4.5 KB of it: the stack's floor. 34,612 B in 4 files
    // (loader, widget.js, modal, rolldown's runtime); the code screen and the code flow are fetched
    // once LANDING has painted.
    limit: '35.65 KB',
  },
  {
    name: 'idle prefetch: what the first modal adds to the every-page files (fetched after load, data-preload)',
    path: files([...firstOpen].filter((key) => !startup.has(key))),
    brotli: true,
    // 20,831 B in 2 files (the modal chunk and rolldown's runtime): the first modal's files that
    // are not on every page, fetched at the first idle moment after the page's load (core/preload.ts),
    // so that a click opens LANDING with no request. Never more than the first modal itself.
    limit: '21.5 KB',
  },
  {
    name: 'after LANDING has painted: the code screen and the login runtime (preloaded, not waited for)',
    path: files(codeScreen),
    brotli: true,
    // 4,435 B.
    limit: '4.57 KB',
  },
  {
    name: 'Japanese locale (lazy/locale-ja.js: every widget text, and the code that applies a locale)',
    path: files(japanese),
    brotli: true,
    // 5,697 B: the whole Japanese catalogue (every screen's texts, not only the first modal's:
    // one request, fetched beside the modal's chunk) and the chunk that applies a locale (puts
    // the texts over English and back, as the lazy chunks' texts arrive; lang and dir). Set with
    // the first locale.
    // 6,269 B since 2026-11-30 (was 5.87 KB): the texts that were English in every language
    // joined the catalogue (the funding results, the Farcaster and MFA refusals, the send review's
    // errors, the outage heading, the footer; about 30 texts, +460 to +540 B with their keys).
    limit: '6.4 KB',
  },
  {
    name: 'Arabic locale (lazy/locale-ar.js: every widget text, and the code that applies a locale)',
    path: files(arabic),
    brotli: true,
    // 5,732 B: the whole Arabic catalogue and the chunk that applies a locale, as for Japanese
    // (its texts longer, its letters two bytes in UTF-8 where Japanese's are three). Set with the
    // Arabic locale.
    // 6,303 B since 2026-11-30 (was 5.9 KB): the texts that were English in every language
    // joined the catalogue (the funding results, the Farcaster and MFA refusals, the send review's
    // errors, the outage heading, the footer; about 30 texts, +460 to +540 B with their keys).
    limit: '6.43 KB',
  },
  {
    name: 'Spanish locale (lazy/locale-es.js: every widget text, and the code that applies a locale)',
    path: files(spanish),
    brotli: true,
    // 5,403 B: the whole Spanish catalogue and the chunk that applies a locale, as for Japanese.
    // Set with the Spanish locale.
    // 5,972 B since 2026-11-30 (was 5.57 KB): the texts that were English in every language
    // joined the catalogue (the funding results, the Farcaster and MFA refusals, the send review's
    // errors, the outage heading, the footer; about 30 texts, +460 to +540 B with their keys).
    limit: '6.09 KB',
  },
  {
    name: 'Portuguese locale (lazy/locale-pt.js, Brazil: every widget text, and the code that applies a locale)',
    path: files(portuguese),
    brotli: true,
    // 5,472 B: the whole Brazilian Portuguese catalogue and the chunk that applies a locale, as
    // for Japanese. Set with the Portuguese locale.
    // 6,043 B since 2026-11-30 (was 5.64 KB): the texts that were English in every language
    // joined the catalogue (the funding results, the Farcaster and MFA refusals, the send review's
    // errors, the outage heading, the footer; about 30 texts, +460 to +540 B with their keys).
    limit: '6.17 KB',
  },
  {
    name: 'French locale (lazy/locale-fr.js: every widget text, and the code that applies a locale)',
    path: files(french),
    brotli: true,
    // 5,767 B: the whole French catalogue and the chunk that applies a locale, as for Japanese.
    // Set with the French locale.
    // 6,339 B since 2026-11-30 (was 5.94 KB): the texts that were English in every language
    // joined the catalogue (the funding results, the Farcaster and MFA refusals, the send review's
    // errors, the outage heading, the footer; about 30 texts, +460 to +540 B with their keys).
    limit: '6.47 KB',
  },
  {
    name: 'German locale (lazy/locale-de.js: every widget text, and the code that applies a locale)',
    path: files(german),
    brotli: true,
    // 6,005 B: the German catalogue (every screen's texts; German runs about 5 % longer than
    // Japanese, brotli measured) and the same chunk that applies a locale. Set with German.
    // 6,585 B since 2026-11-30 (was 6.19 KB): the texts that were English in every language
    // joined the catalogue (the funding results, the Farcaster and MFA refusals, the send review's
    // errors, the outage heading, the footer; about 30 texts, +460 to +540 B with their keys).
    limit: '6.72 KB',
  },
  {
    name: 'Simplified Chinese locale (lazy/locale-zh.js: every widget text, and the code that applies a locale)',
    path: files(chinese),
    brotli: true,
    // 5,168 B: the Chinese catalogue (its texts the shortest yet, three bytes a character in
    // UTF-8) and the same chunk that applies a locale. Set with Simplified Chinese.
    // 5,693 B since 2026-11-30 (was 5.33 KB): the texts that were English in every language
    // joined the catalogue (the funding results, the Farcaster and MFA refusals, the send review's
    // errors, the outage heading, the footer; about 30 texts, +460 to +540 B with their keys).
    limit: '5.81 KB',
  },
  {
    name: 'Korean locale (lazy/locale-ko.js: every widget text, and the code that applies a locale)',
    path: files(korean),
    brotli: true,
    // 5,489 B: the Korean catalogue (Hangul three bytes a character in UTF-8, like Chinese, in
    // longer texts) and the same chunk that applies a locale. Set with Korean.
    // 6,078 B since 2026-11-30 (was 5.66 KB): the texts that were English in every language
    // joined the catalogue (the funding results, the Farcaster and MFA refusals, the send review's
    // errors, the outage heading, the footer; about 30 texts, +460 to +540 B with their keys).
    limit: '6.2 KB',
  },
  {
    name: 'Turkish locale (lazy/locale-tr.js: every widget text, and the code that applies a locale)',
    path: files(turkish),
    brotli: true,
    // 5,640 B: the Turkish catalogue (its texts about as long as German's, fewer repeats for
    // brotli) and the same chunk that applies a locale. Set with Turkish.
    // 6,239 B since 2026-11-30 (was 5.81 KB): the texts that were English in every language
    // joined the catalogue (the funding results, the Farcaster and MFA refusals, the send review's
    // errors, the outage heading, the footer; about 30 texts, +460 to +540 B with their keys).
    limit: '6.37 KB',
  },
  {
    name: 'wallet chunk (embedded wallet client, lazy)',
    path: files(walletChunk),
    brotli: true,
    // 20,736 B. Measured from the every-page files, not from the modal's: a lazy chunk that comes
    // to import the modal (a constant moved into it) shows here as +20 KB.
    limit: '21.35 KB',
  },
  {
    name: 'wallet announcement (EIP-6963, to the dapps on the page; lazy, once the user has an embedded wallet)',
    path: files(announcement),
    brotli: true,
    // 864 B when set: the answer to eip6963:requestProvider (uuid, name, icon, rdns), the SVG
    // icon as a data URI (about a third of it), the host's announce settings, and the provider's
    // EIP-1193 connect and disconnect. Its own chunk: the wallet chunk had 7 B left.
    limit: '0.89 KB',
  },
  {
    name: 'external wallets (wallet list, sign-in flow, screens; lazy)',
    path: files(externalWallets),
    brotli: true,
    // 19,403 B.
    limit: '20 KB',
  },
  {
    name: 'WalletConnect client (@walletconnect/sign-client; lazy, when chosen)',
    path: files(walletConnect),
    brotli: true,
    // 89,664 B, nearly all of it @walletconnect/sign-client itself.
    limit: '92.4 KB',
  },
  {
    name: 'Coinbase Wallet SDK (lazy, when chosen)',
    path: files(coinbase),
    brotli: true,
    // 27,064 B, the SDK itself.
    limit: '27.9 KB',
  },
  {
    name: 'wallet frame (the hidden frame page, without the lazy Farcaster chunk)',
    path: frameFiles(frameFirstLoad),
    brotli: true,
    // 69,358 B: ethers' signing and encoding parts, Shamir, the key code and the messaging. Of
    // the 1.6 KB passkeys added, what stays here is their wiring (the step-up's and MFA's passkey
    // hooks, the recovery's box check, the provider's passkey paths); the flows are lazy (below).
    limit: '69.8 KB',
  },
  {
    name: 'wallet frame: passkeys (lazy, on the first passkey request or step)',
    path: frameFiles(passkeyChunk),
    brotli: true,
    // 2,626 B: login, link, step-up, MFA and recovery by passkey, the PRF box and their texts.
    limit: '2.7 KB',
  },
  {
    name: 'wallet frame: Farcaster (messages, Ed25519, BLAKE3; lazy, on the first Farcaster request)',
    path: frameFiles(farcasterChunk),
    brotli: true,
    // 14,046 B.
    limit: '14.5 KB',
  },
  {
    name: 'surface (the provider-origin page of every review, code and password: scripts and stylesheet)',
    path: surfaceFiles,
    brotli: true,
    // 15,446 B in 3 files (the page's script, the chunk of protocol constants it shares with the
    // wallet frame, its stylesheet): every view but the QR code, the chain table for the reviews'
    // network names, and the catalogue texts it shows. It reads its configuration itself: importing
    // the frame's messaging.ts would bring the key code (ethers, Shamir) and about 70 KB with it.
    // Moved from 15.9 KB (15,446 B) to 16,074 B with passkeys: the passkey view itself and its
    // texts are a lazy chunk (below), but every verification now offers a passkey (the step-up
    // factor, the MFA method, 'Use another way') and the page loads that chunk when one shows.
    // 16,469 B with the widget's language: the `lang` query and its lazy chunk's import (+~80 B),
    // the change lines' words in SURFACE_TEXT (+46 B), paid for by the code boxes' label coming
    // alone (core/text/ui.ts DIGIT_LABEL) and no longer with every text of UI_TEXT (-250 B).
    // 16,508 B with the wallet frame's errors in the visitor's language (the map of a locale's
    // texts by error code and its lookup, +30 B), paid for by THEME_VARIABLES' Object.keys marked
    // pure (it stayed in the page unused). Japanese phrase breaking rides in the locale chunk.
    limit: '16.55 KB',
  },
  {
    name: 'surface: the passkey view (lazy, with the first passkey view)',
    path: frameFiles(passkeyViewChunk),
    brotli: true,
    // 1,846 B: the view, its texts and its WebAuthn calls (the browser's JSON parsers, a fallback
    // without them). Moved from 1.9 KB to 3,286 B with the passkey window: where the host page's
    // permissions policy (or the browser) refuses WebAuthn in the frame, the view says so and opens
    // the same page in a provider-origin popup that runs the ceremony. Its code rides here, not in
    // the surface's first load (a page entry of its own split that load: +1.2 KB on every review).
    limit: '3.39 KB',
  },
  ...surfaceLocales,
  {
    name: 'surface: QR code (qrcode-generator; lazy, on an authenticator enrolment)',
    path: frameFiles(qrChunk),
    brotli: true,
    // 6,366 B: qrcode-generator and the SVG path of core/wallet/external/qr.ts.
    limit: '6.56 KB',
  },
];
