/** Every text of an app's Webhooks part in the console, written once here. */
import type { DeliveryStatus } from '../protocol/console-webhooks.js';

export const WEBHOOK_TEXT = {
  heading: 'Webhooks',
  intro: 'Gatehouse posts these events to your backend, signed with the signing secret.',
  url: 'Endpoint URL',
  urlHint: (origin: string | null) =>
    origin === null
      ? 'No URL is set: no events are sent. An http(s) URL of your backend.'
      : `Events go to ${origin}/… (the whole URL is not shown). Type a URL to replace it; leave empty to keep it.`,
  events: 'Events',
  enabled: 'Send events (when off, none are queued; the URL is kept)',
  save: 'Save webhook settings',
  saved: 'Webhook settings saved.',
  secretHeading: 'Signing secret',
  hasSecret: 'The app has a signing secret. Making a new one stops the old one signing at once.',
  noSecret: 'No signing secret yet: deliveries wait until one is made.',
  rotate: 'Make a new signing secret',
  rotating: 'Making…',
  newSecret: 'New signing secret',
  shownOnce:
    'Shown only now: copy it to your backend. It cannot be shown again; the previous secret no longer signs.',
  copy: 'Copy secret',
  copied: 'Copied.',
  copyFailed: 'Could not copy: select the secret and copy it.',
  logHeading: 'Deliveries',
  logCaption:
    'Newest first. Refresh reads the log again; after a replay it is read again every second until the attempt ends.',
  log: 'Webhook deliveries',
  refresh: 'Refresh',
  more: 'Show more',
  loadingMore: 'Loading more…',
  none: 'No deliveries yet.',
  columns: {
    event: 'Event',
    created: 'Created',
    status: 'Status',
    attempts: 'Failed attempts',
    response: 'Last response',
    next: 'Next attempt',
    action: 'Action',
  },
  noResponse: 'none',
  noNext: '—',
  status: {
    pending: 'Pending',
    delivered: 'Delivered',
    failed: 'Failed',
    retrying: 'Retrying',
  } satisfies Record<DeliveryStatus, string>,
  replay: 'Replay',
  /** The replay button's name for a screen reader: which delivery. */
  replayLabel: (event: string, id: string) => `Replay ${event} ${id}`,
  replayed: (event: string) => `${event} queued again.`,
};
