/**
 * The page's frame configuration (the meta tag the server writes: the app, its origins, its name)
 * and the host origin of the query, checked as the wallet frame checks them (messaging.ts
 * readFrameConfig and hostOriginFrom). Read here rather than imported from messaging.ts, which
 * would bring the wallet frame's key code (ethers, Shamir) into the surface's first load.
 */
import { WALLET_FRAME_CONFIG_META, WALLET_FRAME_QUERY } from '../../protocol/wallet-frame.js';

export interface SurfaceConfig {
  appId: string;
  allowedOrigins: string[];
  appName: string;
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The configuration the server wrote into the page; undefined when absent or malformed. */
export function readSurfaceConfig(doc: Document): SurfaceConfig | undefined {
  const content = doc.querySelector(`meta[name="${WALLET_FRAME_CONFIG_META}"]`)?.getAttribute('content');
  try {
    const config: unknown = content ? JSON.parse(content) : undefined;
    if (typeof config !== 'object' || config === null) return undefined;
    const { appId, allowedOrigins, appName } = config as Record<string, unknown>;
    if (typeof appId !== 'string' || !isStrings(allowedOrigins)) return undefined;
    return { appId, allowedOrigins, appName: typeof appName === 'string' ? appName : '' };
  } catch {
    return undefined;
  }
}

/** The `origin` query parameter when it is exactly one of the app's origins (no normalisation); else null. */
export function surfaceHostOrigin(search: string, allowedOrigins: readonly string[]): string | null {
  const origin = new URLSearchParams(search).get(WALLET_FRAME_QUERY.origin);
  if (!origin || origin === 'null' || origin === '*') return null;
  return allowedOrigins.includes(origin) ? origin : null;
}
