import { FUNDING_API_PATHS, type MoonpaySignResponse } from '../../protocol/funding.js';
import { appOf } from '../http/app-context.js';
import { authenticate } from '../http/authenticate.js';
import { hitLimit } from '../http/limits.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import { MOONPAY_SIGN_RATE_LIMIT } from '../services/funding/on-ramp.js';
import type { Services } from '../services/index.js';

/** MoonPay currency codes: `eth`, `usdc_polygon`, ETH_ETHEREUM. */
const currencyCode = { type: 'string', pattern: '^[A-Za-z0-9_]{1,64}$' } as const;

const signSchema = {
  body: {
    type: 'object',
    required: ['address', 'useSandbox'],
    properties: {
      address: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
      useSandbox: { type: 'boolean' },
      config: {
        type: 'object',
        properties: {
          currencyCode,
          defaultCurrencyCode: currencyCode,
          uiConfig: {
            type: 'object',
            properties: {
              accentColor: { type: 'string', pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$' },
              theme: { type: 'string', enum: ['light', 'dark'] },
            },
          },
        },
      },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['signedUrl', 'externalTransactionId'],
      properties: { signedUrl: { type: 'string' }, externalTransactionId: { type: 'string' } },
      additionalProperties: false,
    },
  },
} as const;

/** The on-ramp plugins (§7 `plugins/{provider}_on_ramp/*`): MoonPay's signed buy-widget URL. */
export function pluginRoutes(app: SchemaRoutes, services: Services): void {
  app.post(
    FUNDING_API_PATHS.moonpaySign,
    { schema: signSchema },
    async (request): Promise<MoonpaySignResponse> => {
      const { user } = await authenticate(request, services);
      await hitLimit(services, `moonpay_sign:user:${user.id}`, MOONPAY_SIGN_RATE_LIMIT);
      return services.onRamp.sign(appOf(request), user, request.body);
    },
  );
}
