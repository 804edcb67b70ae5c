import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HEADERS } from '../../src/protocol/constants.js';
import { WALLET_API_PATHS } from '../../src/protocol/wallet-api.js';
import { HELP } from '../../src/server/cli.js';
import { loadConfig } from '../../src/server/config.js';
import { PRICE_CACHE_MS } from '../../src/server/services/funding/prices.js';
import { closeServer, listenOnLoopback } from '../support/loopback.js';
import { type Harness, ORIGIN, startHarness } from './harness.js';

/**
 * A local peer speaking CoinGecko's simple-price API: `GET /api/v3/simple/price?ids=<coin
 * id>&vs_currencies=usd` → `{"<coin id>": {"usd": <price>}}`, from a table the test changes.
 */
class CoinGeckoPeer {
  readonly prices = new Map<string, number>();
  readonly requests: URL[] = [];
  /** Status to answer instead of prices (a source in trouble). */
  failWith: number | undefined;
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://peer');
      this.requests.push(url);
      if (this.failWith !== undefined) {
        response.writeHead(this.failWith, { 'content-type': 'application/json' }).end('{"error":"busy"}');
        return;
      }
      if (url.pathname !== '/api/v3/simple/price' || url.searchParams.get('vs_currencies') !== 'usd') {
        response.writeHead(404).end();
        return;
      }
      const body: Record<string, { usd: number }> = {};
      for (const id of (url.searchParams.get('ids') ?? '').split(',')) {
        const usd = this.prices.get(id);
        if (usd !== undefined) body[id] = { usd };
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    this.url = `http://127.0.0.1:${await listenOnLoopback(this.server)}`;
  }

  async stop(): Promise<void> {
    if (this.server) await closeServer(this.server);
  }
}

let peer: CoinGeckoPeer;
let h: Harness;

function price(chainId: string, tokenSymbol: string) {
  const query = new URLSearchParams({ chainId, tokenSymbol });
  return h.inject({
    method: 'GET',
    url: `${WALLET_API_PATHS.tokenPrice}?${query}`,
    headers: { [HEADERS.appId]: h.appId, origin: ORIGIN },
  });
}

beforeEach(async () => {
  peer = new CoinGeckoPeer();
  await peer.start();
  peer.prices.set('ethereum', 3456.78);
  peer.prices.set('polygon-ecosystem-token', 0.41);
  h = await startHarness({ coingeckoUrl: peer.url });
});

afterEach(async () => {
  await h.close();
  await peer.stop();
});

describe('GET /api/v1/token_price', () => {
  it('answers the price in US dollars from the CoinGecko simple-price source, without a token', async () => {
    const response = await price('1', 'ETH');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ usd: 3456.78 });
    expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(peer.requests).toHaveLength(1);
    expect(peer.requests[0]?.pathname).toBe('/api/v3/simple/price');
    expect(Object.fromEntries(peer.requests[0]?.searchParams ?? [])).toEqual({
      ids: 'ethereum',
      vs_currencies: 'usd',
    });
    // Polygon Amoy's POL answers the mainnet POL price.
    expect((await price('80002', 'POL')).json()).toEqual({ usd: 0.41 });
  });

  it('serves a price from its cache for a minute, then asks the source again', async () => {
    expect((await price('1', 'ETH')).json()).toEqual({ usd: 3456.78 });
    peer.prices.set('ethereum', 3500);
    // Sepolia's ETH is the same coin: answered from the cache.
    expect((await price('11155111', 'eth')).json()).toEqual({ usd: 3456.78 });
    expect(
      await Promise.all([price('1', 'ETH'), price('8453', 'ETH')]).then((r) => r.map((x) => x.json())),
    ).toEqual([{ usd: 3456.78 }, { usd: 3456.78 }]);
    expect(peer.requests).toHaveLength(1);
    h.clock.advance(PRICE_CACHE_MS + 1);
    expect((await price('1', 'ETH')).json()).toEqual({ usd: 3500 });
    expect(peer.requests).toHaveLength(2);
  });

  it('answers a structured error, not a 500, when the source is down or answers nonsense', async () => {
    await peer.stop();
    const down = await price('1', 'ETH');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      code: 'token_price_unavailable',
      message: 'The token price is not available right now.',
    });
    expect(down.headers['access-control-allow-origin']).toBe(ORIGIN);

    await peer.start();
    await h.close();
    h = await startHarness({ coingeckoUrl: peer.url });
    peer.failWith = 429;
    expect((await price('1', 'ETH')).json()).toMatchObject({ code: 'token_price_unavailable' });
    peer.failWith = undefined;
    // A coin the source does not list.
    expect((await price('42220', 'CELO')).json()).toMatchObject({ code: 'token_price_unavailable' });
    // Back in order (after the short failure memory), the price comes through.
    h.clock.advance(PRICE_CACHE_MS);
    expect((await price('1', 'ETH')).json()).toEqual({ usd: 3456.78 });
  });

  it('refuses an unknown token and a malformed query as bad input', async () => {
    const unknown = await price('1', 'DOGE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'token_price_not_found' });
    const noChain = await h.inject({
      method: 'GET',
      url: `${WALLET_API_PATHS.tokenPrice}?tokenSymbol=ETH`,
      headers: { [HEADERS.appId]: h.appId, origin: ORIGIN },
    });
    expect(noChain.statusCode).toBe(400);
    expect(noChain.json()).toMatchObject({ code: 'invalid_data' });
    expect((await price('mainnet', 'ETH')).statusCode).toBe(400);
    expect(peer.requests).toHaveLength(0);
  });

  it('takes the source from GATEHOUSE_COINGECKO_URL, listed in the CLI help', () => {
    expect(loadConfig({ GATEHOUSE_COINGECKO_URL: peer.url }).coingeckoUrl).toBe(`${peer.url}/`);
    expect(() => loadConfig({ GATEHOUSE_COINGECKO_URL: 'ftp://prices' })).toThrow('GATEHOUSE_COINGECKO_URL');
    expect(HELP).toContain('GATEHOUSE_COINGECKO_URL');
  });
});
