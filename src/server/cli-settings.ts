/**
 * `gatehouse apps set`'s server-only settings: each group takes its own `<field>=<value>`
 * arguments out (checking them) and stores them through its service in `app_secrets`; what is
 * left is the app's public configuration.
 */
import { parseAllowlistAssignment } from './services/allowlist.js';
import { type FieldAssignment, parseAssignment } from './services/app-config.js';
import { parseCaptchaAssignment } from './services/captcha.js';
import { parseCustomAuthAssignment } from './services/custom-auth.js';
import { parseFarcasterAssignment } from './services/farcaster/settings.js';
import type { Services } from './services/index.js';
import { parseOAuthAssignment } from './services/oauth/index.js';
import { parseSiweAssignment } from './services/siwe.js';
import { parseTwilioAssignment } from './services/sms.js';

interface Setting {
  field: string;
  value: string | null;
}

interface Group {
  parse(argument: string): Setting | undefined;
  store(services: Services, id: string, setting: Setting): Promise<void>;
}

function group<F extends string>(
  parse: (argument: string) => { field: F; value: string | null } | undefined,
  store: (services: Services, id: string, field: F, value: string | null) => Promise<void>,
): Group {
  return { parse, store: (services, id, setting) => store(services, id, setting.field as F, setting.value) };
}

const GROUPS: readonly Group[] = [
  group(parseAllowlistAssignment, (s, id, field, value) => s.allowlist.set(id, field, value)),
  group(parseCustomAuthAssignment, (s, id, field, value) => s.customAuth.set(id, field, value)),
  group(parseOAuthAssignment, (s, id, field, value) => s.oauth.set(id, field, value)),
  group(parseSiweAssignment, (s, id, field, value) => s.siwe.set(id, field, value)),
  group(parseFarcasterAssignment, (s, id, field, value) => s.farcaster.settings.set(id, field, value)),
  group(parseTwilioAssignment, (s, id, field, value) => s.sms.set(id, field, value)),
  group(parseCaptchaAssignment, (s, id, field, value) => s.captcha.set(id, field, value)),
];

export interface SplitAssignments {
  /** Fields of the public configuration (GET /api/v1/apps/:appId). */
  publicFields: FieldAssignment[];
  serverOnly: Array<{ group: Group; setting: Setting }>;
}

/** Sorts the arguments into server-only settings and public fields; throws UserError for a bad one. */
export function splitAssignments(assignments: readonly string[]): SplitAssignments {
  const split: SplitAssignments = { publicFields: [], serverOnly: [] };
  for (const argument of assignments) {
    let matched = false;
    for (const candidate of GROUPS) {
      const setting = candidate.parse(argument);
      if (!setting) continue;
      split.serverOnly.push({ group: candidate, setting });
      matched = true;
      break;
    }
    if (!matched) split.publicFields.push(parseAssignment(argument));
  }
  return split;
}

export async function storeServerOnly(
  services: Services,
  id: string,
  split: SplitAssignments,
): Promise<void> {
  for (const { group: owner, setting } of split.serverOnly) await owner.store(services, id, setting);
}

/** The names (never the values) of the server-only settings the app has, in the order `apps set` prints them. */
export async function configuredServerOnly(services: Services, id: string): Promise<string[]> {
  const lists = [
    await services.captcha.configured(id),
    await services.sms.configured(id),
    await services.allowlist.configured(id),
    await services.customAuth.configured(id),
    await services.oauth.configured(id),
    await services.siwe.configured(id),
    await services.farcaster.settings.configured(id),
  ];
  return lists.flat();
}
