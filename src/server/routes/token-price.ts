import { type TokenPriceResponse, WALLET_API_PATHS } from '../../protocol/wallet-api.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import type { Services } from '../services/index.js';

const priceSchema = {
  querystring: {
    type: 'object',
    required: ['chainId', 'tokenSymbol'],
    properties: {
      // Decimal, or 0x-hex as wallets write chain ids.
      chainId: { type: 'string', pattern: '^(0x[0-9a-fA-F]{1,16}|[0-9]{1,20})$' },
      tokenSymbol: { type: 'string', minLength: 1, maxLength: 32 },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['usd'],
      properties: { usd: { type: 'number', description: 'The price of one token in US dollars.' } },
      additionalProperties: false,
    },
  },
} as const;

/**
 * `GET token_price?chainId&tokenSymbol` (§7): the native token's price in US dollars, no bearer.
 * 404 token_price_not_found for an unknown token, 503 token_price_unavailable when the price
 * source cannot answer (the widget then shows native amounts only).
 */
export function tokenPriceRoutes(app: SchemaRoutes, services: Services): void {
  app.get(
    WALLET_API_PATHS.tokenPrice,
    { schema: priceSchema },
    async (request): Promise<TokenPriceResponse> => ({
      usd: await services.prices.usd(request.query.tokenSymbol),
    }),
  );
}
