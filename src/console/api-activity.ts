/** The Activity section's call to the console's API: settles to an Answer, as api.ts's do. */
import {
  type ActivityRange,
  type ActivityWire,
  CONSOLE_ACTIVITY_PATH,
} from '../protocol/console-activity.js';
import { type Answer, call } from './api.js';

export const readActivity = (id: string, range: ActivityRange): Promise<Answer<ActivityWire>> =>
  call<ActivityWire>(
    `${CONSOLE_ACTIVITY_PATH.replace(':id', encodeURIComponent(id))}?range=${encodeURIComponent(range)}`,
  );
