import { API_PATHS } from '../../protocol/api.js';
import {
  ANALYTICS_CLIENT_ID_MAX_LENGTH,
  ANALYTICS_EVENT_NAME_MAX_LENGTH,
  ANALYTICS_PAYLOAD_MAX_BYTES,
} from '../../protocol/constants.js';
import type { SuccessResponse } from '../../protocol/server-api.js';
import { ApiError } from '../errors.js';
import { appOf } from '../http/app-context.js';
import { rateLimitAddress } from '../http/client-ip.js';
import { ANALYTICS_RATE_LIMITS, hitLimits } from '../http/limits.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import { SUCCESS } from '../http/wire-schemas.js';
import type { Services } from '../services/index.js';

const schema = {
  body: {
    type: 'object',
    required: ['event_name', 'client_id', 'payload'],
    additionalProperties: false,
    properties: {
      event_name: { type: 'string', pattern: '^[a-z0-9_:.-]+$', maxLength: ANALYTICS_EVENT_NAME_MAX_LENGTH },
      client_id: { type: 'string', minLength: 1, maxLength: ANALYTICS_CLIENT_ID_MAX_LENGTH },
      payload: {
        type: 'object',
        required: ['clientTimestamp'],
        properties: { clientTimestamp: { type: 'string', maxLength: 64 } },
      },
    },
  },
  response: { 200: SUCCESS },
} as const;

/** Client analytics (§7 `analytics_events`): stored, `{success: true}`. */
export function analyticsEventRoutes(app: SchemaRoutes, services: Services): void {
  app.post(API_PATHS.analyticsEvents, { schema }, async (request): Promise<SuccessResponse> => {
    const current = appOf(request);
    const { client_id: clientId, payload } = request.body;
    if (Buffer.byteLength(JSON.stringify(payload)) > ANALYTICS_PAYLOAD_MAX_BYTES) {
      throw new ApiError(
        'invalid_data',
        `Invalid field 'payload': larger than ${ANALYTICS_PAYLOAD_MAX_BYTES} bytes.`,
      );
    }
    const { perClient, perIp } = ANALYTICS_RATE_LIMITS;
    await hitLimits(
      services,
      [`analytics:ip:${rateLimitAddress(request)}`, perIp],
      [`analytics:client:${current.id}:${clientId}`, perClient],
    );
    await services.analytics.record(current.id, request.body);
    return { success: true };
  });
}
