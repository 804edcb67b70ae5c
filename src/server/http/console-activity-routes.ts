import {
  ACTIVITY_RANGES,
  type ActivityRange,
  CONSOLE_ACTIVITY_PATH,
} from '../../protocol/console-activity.js';
import { ApiError } from '../errors.js';
import { activityReport } from '../services/console/console-activity.js';
import type { Services } from '../services/index.js';
import { CONSOLE_ACTIVITY_SCHEMAS as S } from './console-activity-schemas.js';
import type { ConsoleGuard } from './console-guard.js';
import type { SchemaRoutes } from './schema-types.js';

const DEFAULT_RANGE: ActivityRange = '7d';

function rangeOf(text: string | undefined): ActivityRange {
  if (text === undefined) return DEFAULT_RANGE;
  if ((ACTIVITY_RANGES as readonly string[]).includes(text)) return text as ActivityRange;
  throw new ApiError('invalid_data', `Invalid field 'range': must be one of ${ACTIVITY_RANGES.join(', ')}.`);
}

/**
 * The console's Activity section: one app's series for a range, read by an operator (the session
 * is checked before the query is, so a refusal says nothing of it).
 */
export function consoleActivityRoutes(app: SchemaRoutes, services: Services, guard: ConsoleGuard): void {
  app.get(
    CONSOLE_ACTIVITY_PATH,
    { schema: S.activity, preValidation: async (request) => void (await guard.operator(request)) },
    async (request) => {
      const range = rangeOf(request.query.range);
      if (!(await services.apps.find(request.params.id))) throw new ApiError('app_not_found');
      // This process's counts not yet written (the others' are at most a few seconds behind).
      await services.analytics.logins.flush();
      return activityReport(services.db, request.params.id, range, services.now());
    },
  );
}
