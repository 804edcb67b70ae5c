/**
 * The Activity section's state: the app and range chosen, and the series the API answered for
 * them. A later choice wins: an answer for an earlier one is dropped.
 */
import { atom } from 'nanostores';
import type { ActivityRange, ActivityWire } from '../protocol/console-activity.js';
import type { Failure } from './api.js';
import { readActivity } from './api-activity.js';
import { $view } from './store.js';

export interface ActivityState {
  appId: string | null;
  range: ActivityRange;
  data: ActivityWire | null;
  error: Failure | null;
  loading: boolean;
}

let asked = 0;

const NOTHING_READ: ActivityState = { appId: null, range: '7d', data: null, error: null, loading: false };

export const $activity = atom<ActivityState>(NOTHING_READ);

// What one operator read is not shown to the next one signing in on this page.
$view.subscribe((view) => {
  if (view.state === 'signed-in') return;
  asked += 1;
  $activity.set(NOTHING_READ);
});

/** Reads the series of `appId` over `range` (both as chosen so far when left out). */
export async function loadActivity(
  appId: string | null = $activity.get().appId,
  range: ActivityRange = $activity.get().range,
): Promise<void> {
  const shown = $activity.get();
  const same = shown.appId === appId && shown.range === range;
  $activity.set({ appId, range, data: same ? shown.data : null, error: null, loading: appId !== null });
  if (appId === null) return;
  const ticket = ++asked;
  const answer = await readActivity(appId, range);
  if (ticket !== asked) return;
  $activity.set({
    appId,
    range,
    data: answer.ok ? answer.data : null,
    error: answer.ok ? null : answer.error,
    loading: false,
  });
}
