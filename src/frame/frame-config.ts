/**
 * The page's frame configuration (the meta tag the server writes: the app, its origins, its name,
 * its enforce_wallet_uis) and the host origin of the query, read alike by the wallet frame and the
 * surface. A module of its own, so the surface's first load does not take the frame's key code.
 */
import {
  WALLET_FRAME_CONFIG_META,
  WALLET_FRAME_QUERY,
  type WalletFrameConfig,
} from '../protocol/wallet-frame.js';

/** The app and its origins, as the server wrote them into the page; undefined when absent or malformed. */
export function readFrameConfig(doc: Document): WalletFrameConfig | undefined {
  const content = doc.querySelector(`meta[name="${WALLET_FRAME_CONFIG_META}"]`)?.getAttribute('content');
  if (!content) return undefined;
  try {
    const config = JSON.parse(content) as Partial<WalletFrameConfig>;
    if (
      typeof config.appId !== 'string' ||
      !Array.isArray(config.allowedOrigins) ||
      !config.allowedOrigins.every((origin) => typeof origin === 'string')
    ) {
      return undefined;
    }
    return {
      appId: config.appId,
      allowedOrigins: config.allowedOrigins,
      appName: typeof config.appName === 'string' ? config.appName : '',
      // Unless the provider says otherwise, every signature waits for the user.
      enforceWalletUis: config.enforceWalletUis !== false,
    };
  } catch {
    return undefined;
  }
}

/**
 * The host origin named by the `origin` query parameter, when it is exactly one of the app's
 * origins (no normalisation: `https://a.example/` or another port is another origin); else null.
 */
export function hostOriginFrom(search: string, allowedOrigins: readonly string[]): string | null {
  const origin = new URLSearchParams(search).get(WALLET_FRAME_QUERY.origin);
  if (!origin || origin === 'null' || origin === '*') return null;
  return allowedOrigins.includes(origin) ? origin : null;
}
