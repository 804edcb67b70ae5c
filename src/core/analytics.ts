import { type AnalyticsEventBody, API_PATHS } from '../protocol/api.js';
import { ANALYTICS_EVENTS } from '../protocol/constants.js';
import type { ApiClient } from './api/client.js';

/** Events the client reports (§7 `analytics_events`), as the protocol names them. */
export { ANALYTICS_EVENTS };

export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS];

/** The longest an event waits for the modal's first paint (a hidden tab paints nothing). */
const HOLD_MAX_MS = 3000;

/**
 * Posts a few usage events to the provider. Fire and forget: each is sent after the current task
 * (never ahead of the calls a user waits for) and, while the modal is first being shown, after its
 * first paint (each POST costs a preflight too); every failure is ignored (§7).
 */
export class Analytics {
  private gate: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly api: ApiClient,
    /** The client analytics id, as in the `gatehouse-ca-id` header. */
    private readonly clientId: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Events wait until `painted` settles (or HOLD_MAX_MS has passed). */
  holdUntil(painted: Promise<unknown>): void {
    const latest = new Promise((resolve) => setTimeout(resolve, HOLD_MAX_MS));
    this.gate = Promise.race([painted, latest]).catch(() => {});
  }

  track(eventName: AnalyticsEventName, details: Record<string, unknown> = {}): void {
    const body: AnalyticsEventBody = {
      event_name: eventName,
      client_id: this.clientId,
      payload: { ...details, clientTimestamp: new Date(this.now()).toISOString() },
    };
    setTimeout(() => {
      this.gate.then(() => this.api.post(API_PATHS.analyticsEvents, body)).catch(() => {});
    }, 0);
  }
}
