import { ApiError } from '../../errors.js';
import type { Clock } from '../clock.js';

/** CoinGecko's public API; GATEHOUSE_COINGECKO_URL points elsewhere (a proxy, a paid plan, a test peer). */
const DEFAULT_COINGECKO_URL = 'https://api.coingecko.com';
/** How long an answered price is served from memory. */
export const PRICE_CACHE_MS = 60_000;
/** How long a failed lookup is remembered, so a source that is down is not asked on every request. */
const FAILURE_CACHE_MS = 10_000;
/** The price source must answer within this, well inside the client's 20 s (§9). */
const SOURCE_TIMEOUT_MS = 5_000;

/**
 * CoinGecko coin ids of the native tokens of the supported chains (§3), by upper-cased symbol.
 * Testnet tokens answer the mainnet price.
 */
const COINGECKO_COIN_IDS: Readonly<Record<string, string>> = {
  ETH: 'ethereum',
  SEP: 'ethereum',
  SEPOLIAETH: 'ethereum',
  GOETH: 'ethereum',
  HOLESKYETH: 'ethereum',
  MATIC: 'matic-network',
  POL: 'polygon-ecosystem-token',
  BNB: 'binancecoin',
  TBNB: 'binancecoin',
  AVAX: 'avalanche-2',
  CELO: 'celo',
  FIL: 'filecoin',
  TFIL: 'filecoin',
};

interface CachedPrice {
  /** Undefined: the source could not answer. */
  usd: number | undefined;
  until: number;
}

/** The coin id for a token symbol; 404 token_price_not_found for a symbol without one. */
function coinIdOf(tokenSymbol: string): string {
  const id = COINGECKO_COIN_IDS[tokenSymbol.trim().toUpperCase()];
  if (!id) throw new ApiError('token_price_not_found');
  return id;
}

/**
 * Token prices in US dollars from CoinGecko's simple-price API
 * (`/api/v3/simple/price?ids=<coin id>&vs_currencies=usd` → `{"<coin id>": {"usd": 1234.5}}`),
 * kept PRICE_CACHE_MS per coin; concurrent lookups of one coin share one request.
 */
export class PriceService {
  private readonly cache = new Map<string, CachedPrice>();
  private readonly pending = new Map<string, Promise<number | undefined>>();
  private readonly baseUrl: string;

  constructor(
    private readonly now: Clock,
    baseUrl: string = DEFAULT_COINGECKO_URL,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  /** The USD price of the token; 404 token_price_not_found, 503 token_price_unavailable when the source cannot answer. */
  async usd(tokenSymbol: string): Promise<number> {
    const coinId = coinIdOf(tokenSymbol);
    const cached = this.cache.get(coinId);
    let usd: number | undefined;
    if (cached && cached.until > this.now()) usd = cached.usd;
    else usd = await this.lookupOnce(coinId);
    if (usd === undefined) throw new ApiError('token_price_unavailable');
    return usd;
  }

  private lookupOnce(coinId: string): Promise<number | undefined> {
    const inFlight = this.pending.get(coinId);
    if (inFlight) return inFlight;
    const lookup = this.lookup(coinId)
      .then((usd) => {
        this.cache.set(coinId, {
          usd,
          until: this.now() + (usd === undefined ? FAILURE_CACHE_MS : PRICE_CACHE_MS),
        });
        return usd;
      })
      .finally(() => this.pending.delete(coinId));
    this.pending.set(coinId, lookup);
    return lookup;
  }

  private async lookup(coinId: string): Promise<number | undefined> {
    const url = `${this.baseUrl}/api/v3/simple/price?ids=${encodeURIComponent(coinId)}&vs_currencies=usd`;
    try {
      const response = await this.fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(SOURCE_TIMEOUT_MS),
      });
      if (!response.ok) return undefined;
      const body = (await response.json()) as Record<string, { usd?: unknown } | undefined>;
      const usd = body?.[coinId]?.usd;
      return typeof usd === 'number' && Number.isFinite(usd) && usd >= 0 ? usd : undefined;
    } catch {
      return undefined;
    }
  }
}
