/**
 * How `gatehouse apps set <id> <field>=<value>…` (and the console's PATCH of an app's settings)
 * reads its assignments: the public configuration's fields (app-config.ts), and the server-only
 * settings each service keeps in `app_secrets`, never answered by `GET /api/v1/apps/:appId`.
 */
import type { AppConfigWire } from '../../../protocol/api.js';
import { parseFarcasterAssignment } from '../farcaster/settings.js';
import { parseMoonpayAssignment } from '../funding/on-ramp.js';
import type { Services } from '../index.js';
import { parseCaptchaAssignment } from '../login/captcha.js';
import { parseCustomAuthAssignment } from '../login/custom-auth.js';
import { parseSiweAssignment } from '../login/siwe.js';
import { parseTwilioAssignment } from '../login/sms.js';
import { parseOAuthAssignment } from '../oauth/index.js';
import { parseWebhookAssignment } from '../webhooks/outbox.js';
import { parseAllowlistAssignment } from './allowlist.js';
import { type FieldAssignment, parseAssignment } from './app-config.js';
import { type App, appToWire } from './apps.js';

export interface ServerOnlySetting {
  field: string;
  value: string | null;
}

/** Where one kind of server-only settings is kept (app_secrets, through its service). */
export interface SettingsStore {
  set(appId: string, field: string, value: string | null): Promise<void>;
  configured(appId: string): Promise<string[]>;
}

/** What reading an assignment depends on: GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE. */
export interface AssignmentOptions {
  webhooksAllowPrivate: boolean;
}

/**
 * The server-only settings `apps set` takes: how each kind is read from `<field>=<value>` and
 * which service keeps it, in the order `apps show` names them.
 */
const SERVER_ONLY_SETTINGS: ReadonlyArray<{
  parse(argument: string, options: AssignmentOptions): ServerOnlySetting | undefined;
  store(services: Services): SettingsStore;
}> = [
  { parse: parseCaptchaAssignment, store: (services) => services.captcha },
  { parse: parseTwilioAssignment, store: (services) => services.sms },
  { parse: parseAllowlistAssignment, store: (services) => services.allowlist },
  { parse: parseCustomAuthAssignment, store: (services) => services.customAuth },
  { parse: parseOAuthAssignment, store: (services) => services.oauth },
  { parse: parseSiweAssignment, store: (services) => services.siwe },
  { parse: parseMoonpayAssignment, store: (services) => services.onRamp },
  { parse: parseFarcasterAssignment, store: (services) => services.farcaster.settings },
  {
    parse: (argument, options) => parseWebhookAssignment(argument, options.webhooksAllowPrivate),
    store: (services) => services.webhooks,
  },
];

/** A server-only setting read from its assignment, with the store that keeps it. */
export interface ServerOnlyChange {
  setting: ServerOnlySetting;
  store: (services: Services) => SettingsStore;
}

/**
 * `apps set` arguments: assignments of the public configuration, and server-only settings with
 * their store. Throws the UserError `apps set` prints for the first it cannot read.
 */
export function splitAssignments(assignments: readonly string[], options: AssignmentOptions) {
  const parsed: FieldAssignment[] = [];
  const serverOnly: ServerOnlyChange[] = [];
  for (const argument of assignments) {
    const claimed = SERVER_ONLY_SETTINGS.map(({ parse, store }) => ({
      setting: parse(argument, options),
      store,
    })).find((candidate): candidate is ServerOnlyChange => candidate.setting !== undefined);
    if (claimed) serverOnly.push(claimed);
    else parsed.push(parseAssignment(argument));
  }
  return { parsed, serverOnly };
}

/** The server-only settings the app has (names, never values), as `apps show` lists them. */
export async function configuredSettings(services: Services, appId: string): Promise<string[]> {
  const configured: string[] = [];
  for (const { store } of SERVER_ONLY_SETTINGS) configured.push(...(await store(services).configured(appId)));
  return configured;
}

/** The app's public configuration as `GET /api/v1/apps/:appId` answers it (and `apps show` prints it). */
export function publicConfig(services: Services, app: App): Promise<AppConfigWire> {
  const wire = services.captcha.withScriptUrl(appToWire(app, services.tokens.verificationKey));
  return services.onRamp.withOnRamp(app, wire);
}
