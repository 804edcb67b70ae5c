/** Every text of the console's Activity section, written once here. */
import type { ActivityRange } from '../protocol/console-activity.js';

const OAUTH_PROVIDERS: Record<string, string> = {
  google: 'Google',
  apple: 'Apple',
  discord: 'Discord',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  spotify: 'Spotify',
  tiktok: 'TikTok',
  twitter: 'X (Twitter)',
};

const METHODS: Record<string, string> = {
  email: 'Email code',
  phone: 'SMS code',
  wallet: 'Wallet (SIWE)',
  passkey: 'Passkey',
  farcaster: 'Farcaster',
  custom_auth: 'Custom auth',
};

const OAUTH_SUFFIX = '_oauth';

export const ACTIVITY_TEXT = {
  heading: 'Activity',
  app: 'App',
  noApps: 'No apps yet: create one in Apps.',
  range: 'Range: the last',
  ranges: { '24h': '24 hours', '7d': '7 days', '30d': '30 days' } as Record<ActivityRange, string>,
  utc: (bucket: 'hour' | 'day') => `By ${bucket}, in UTC.`,
  loading: 'Loading activity…',
  total: 'Total',
  /** Column headers of the tables the charts stand for. */
  when: (bucket: 'hour' | 'day') => (bucket === 'hour' ? 'Hour (UTC)' : 'Day (UTC)'),
  count: 'Count',
  max: (n: number) => `Highest: ${n}`,
  logins: {
    heading: 'Logins by method',
    summary: (total: number) => (total === 1 ? '1 login in this range.' : `${total} logins in this range.`),
    none: 'No logins in this range.',
  },
  newUsers: {
    heading: 'New users',
    summary: (total: number) =>
      total === 1 ? '1 new user in this range.' : `${total} new users in this range.`,
    series: 'New users',
  },
  funnel: {
    heading: 'Login funnel',
    caption:
      'Each step counted in this range, and its share of the step before. Logins by OAuth, wallet or passkey send no code, so a step can keep more than 100%.',
    step: 'Step',
    kept: 'Kept',
    steps: {
      modal_opened: 'Login modal opened',
      code_sent: 'Code sent',
      logged_in: 'Logged in',
      wallet_created: 'Wallet created',
    },
    first: '—',
  },
  errors: {
    heading: 'Login errors',
    caption: 'Refused login requests by error code (too many requests are not counted).',
    code: 'Error code',
    none: 'No login errors in this range.',
  },
  webhooks: {
    heading: 'Webhook deliveries',
    caption: 'Deliveries queued in this range, by outcome.',
    outcome: 'Outcome',
    outcomes: { delivered: 'Delivered', failed: 'Failed', pending: 'Pending' },
  },
  /** A login method (an account type) as the widget names it. */
  method(type: string): string {
    if (type.endsWith(OAUTH_SUFFIX)) {
      const provider = type.slice(0, -OAUTH_SUFFIX.length);
      return `${OAUTH_PROVIDERS[provider] ?? provider} (OAuth)`;
    }
    return METHODS[type] ?? type;
  },
};
