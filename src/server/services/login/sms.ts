import { CODE_TTL_MS } from '../../../protocol/constants.js';
import { MFA_CODE_WAIT_MS } from '../../../protocol/mfa.js';
import { E164_PATTERN } from '../../../protocol/validation.js';
import { ApiError, UserError } from '../../errors.js';
import { infoRecord, writeLogLine } from '../../log-output.js';
import { type AppSecrets, serverOnlyAssignment } from '../apps/app-secrets.js';
import type { App } from '../apps/apps.js';
import { type MessageLanguage, textsOf } from '../messages/catalogue.js';

/** Twilio's REST API. */
const TWILIO_BASE_URL = 'https://api.twilio.com';
/** How long one Messages call may take before the code counts as not delivered. */
const TWILIO_TIMEOUT_MS = 10_000;

/**
 * Server-only Twilio settings of an app, set with `gatehouse apps set` and never answered by
 * `GET /api/v1/apps/:appId`. A sender is `twilio_from` (a number or an alphanumeric sender id)
 * or `twilio_messaging_service_sid`.
 */
const TWILIO_SERVER_FIELDS = [
  'twilio_account_sid',
  'twilio_auth_token',
  'twilio_from',
  'twilio_messaging_service_sid',
] as const;
export type TwilioServerField = (typeof TWILIO_SERVER_FIELDS)[number];

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
  from?: string;
  messagingServiceSid?: string;
}

const FIELD_RULES: Record<TwilioServerField, { pattern: RegExp; expected: string }> = {
  twilio_account_sid: {
    pattern: /^AC[0-9a-fA-F]{32}$/,
    expected: 'an account SID (AC followed by 32 hex digits)',
  },
  twilio_auth_token: {
    pattern: /^[0-9a-zA-Z]{16,64}$/,
    expected: 'an auth token (16 to 64 letters and digits)',
  },
  twilio_from: {
    pattern: /^(?:\+[1-9][0-9]{6,14}|[A-Za-z0-9 ]{1,11})$/,
    expected: 'an E.164 number such as +14155550100, or an alphanumeric sender id of up to 11 characters',
  },
  twilio_messaging_service_sid: {
    pattern: /^MG[0-9a-fA-F]{32}$/,
    expected: 'a messaging service SID (MG followed by 32 hex digits)',
  },
};

/** Checks one Twilio setting's value; the error says what is expected. */
function checkTwilioValue(field: TwilioServerField, value: string, what: string = field): string {
  const rule = FIELD_RULES[field];
  if (!rule.pattern.test(value))
    throw new UserError(`Invalid value for ${what}: expected ${rule.expected}.`, 2);
  return value;
}

/** `twilio_…=<value>` from the CLI (empty or null removes it); undefined for any other field. */
export function parseTwilioAssignment(
  argument: string,
): { field: TwilioServerField; value: string | null } | undefined {
  const assignment = serverOnlyAssignment(argument, TWILIO_SERVER_FIELDS);
  if (!assignment?.value) return assignment;
  return { field: assignment.field, value: checkTwilioValue(assignment.field, assignment.value) };
}

/** The Twilio settings from the environment (GATEHOUSE_TWILIO_*), when complete enough to send. */
export function twilioFromEnv(env: Record<string, string | undefined>): TwilioCredentials | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const accountSid = value('GATEHOUSE_TWILIO_ACCOUNT_SID');
  const authToken = value('GATEHOUSE_TWILIO_AUTH_TOKEN');
  const from = value('GATEHOUSE_TWILIO_FROM');
  const messagingServiceSid = value('GATEHOUSE_TWILIO_MESSAGING_SERVICE_SID');
  if (!accountSid && !authToken && !from && !messagingServiceSid) return undefined;
  if (!accountSid || !authToken || !(from || messagingServiceSid)) {
    throw new UserError(
      'Twilio needs GATEHOUSE_TWILIO_ACCOUNT_SID, GATEHOUSE_TWILIO_AUTH_TOKEN and GATEHOUSE_TWILIO_FROM (or GATEHOUSE_TWILIO_MESSAGING_SERVICE_SID) together.',
    );
  }
  checkTwilioValue('twilio_account_sid', accountSid, 'GATEHOUSE_TWILIO_ACCOUNT_SID');
  checkTwilioValue('twilio_auth_token', authToken, 'GATEHOUSE_TWILIO_AUTH_TOKEN');
  if (from) checkTwilioValue('twilio_from', from, 'GATEHOUSE_TWILIO_FROM');
  if (messagingServiceSid) {
    checkTwilioValue(
      'twilio_messaging_service_sid',
      messagingServiceSid,
      'GATEHOUSE_TWILIO_MESSAGING_SERVICE_SID',
    );
  }
  return { accountSid, authToken, from, messagingServiceSid };
}

/**
 * A phone number as stored and looked up: E.164 (§3, §5). Refused as invalid_data unless it is an
 * international number ('+' and a calling code) that is valid for its country.
 */
export async function normalizePhoneNumber(value: string): Promise<string> {
  // libphonenumber-js (its metadata) loads with the first number, not at start-up.
  const { parsePhoneNumberFromString } = await import('libphonenumber-js');
  const parsed = parsePhoneNumberFromString(value.trim());
  if (!parsed?.isValid() || !E164_PATTERN.test(parsed.number)) {
    throw new ApiError('invalid_data', "Invalid field 'phoneNumber': not a valid phone number.");
  }
  return parsed.number;
}

const EXPIRY_MINUTES = Math.round(CODE_TTL_MS / 60_000);
const MFA_EXPIRY_MINUTES = Math.round(MFA_CODE_WAIT_MS / 60_000);

type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface SmsServiceOptions {
  /** Credentials of every app without its own (GATEHOUSE_TWILIO_*). */
  twilio?: TwilioCredentials;
  /** GATEHOUSE_TWILIO_BASE_URL; Twilio's own by default. */
  twilioBaseUrl?: string;
  fetch?: FetchLike;
  /** Where codes go without Twilio credentials; stdout by default. */
  write?: (line: string) => void;
  timeoutMs?: number;
}

/** Thrown when Twilio refused the message or could not be reached; the log gets the reason, never the code. */
class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly twilioCode?: number,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

/**
 * SMS login codes through Twilio's Messages API with the app's credentials, else the
 * environment's; without any, one line on stdout per code (local development).
 */
export class SmsService {
  private readonly baseUrl: string;
  private readonly fetch: FetchLike;
  private readonly write: (line: string) => void;
  private readonly timeoutMs: number;

  constructor(
    private readonly secrets: AppSecrets,
    private readonly options: SmsServiceOptions = {},
  ) {
    this.baseUrl = (options.twilioBaseUrl ?? TWILIO_BASE_URL).replace(/\/+$/, '');
    this.fetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.write = options.write ?? writeLogLine;
    this.timeoutMs = options.timeoutMs ?? TWILIO_TIMEOUT_MS;
  }

  /** One line for the startup banner. */
  get description(): string {
    return this.options.twilio
      ? `Twilio ${this.baseUrl} (account ${this.options.twilio.accountSid}; apps may set their own)`
      : 'console (no GATEHOUSE_TWILIO_*: SMS codes are logged here as dev_code unless an app sets twilio_* credentials)';
  }

  /** Sets (or, with null, removes) one of an app's Twilio settings. */
  set(appId: string, field: TwilioServerField, value: string | null): Promise<void> {
    return this.secrets.set(appId, field, value);
  }

  /** Which Twilio settings an app has (never their values). */
  configured(appId: string): Promise<string[]> {
    return this.secrets.configured(appId, TWILIO_SERVER_FIELDS);
  }

  /** The app's own credentials when complete, else the environment's. */
  private async credentials(appId: string): Promise<TwilioCredentials | undefined> {
    const own = await this.secrets.read(appId, TWILIO_SERVER_FIELDS);
    const sender = own.twilio_from ?? own.twilio_messaging_service_sid;
    if (own.twilio_account_sid && own.twilio_auth_token && sender) {
      return {
        accountSid: own.twilio_account_sid,
        authToken: own.twilio_auth_token,
        from: own.twilio_from,
        messagingServiceSid: own.twilio_messaging_service_sid,
      };
    }
    return this.options.twilio;
  }

  /** A login code, in `language` (services/messages; English without one). */
  sendLoginCode(app: App, to: string, code: string, language?: MessageLanguage): Promise<void> {
    return this.send(app, to, textsOf(language).smsLogin(code, app.name, EXPIRY_MINUTES), {
      msg: 'SMS login code',
      dev_code: code,
      to,
      app: app.name,
    });
  }

  /** An MFA code (enrolling a number, or verifying the enrolled one). */
  sendVerificationCode(app: App, to: string, code: string, language?: MessageLanguage): Promise<void> {
    const body = textsOf(language).smsVerification(code, app.name, MFA_EXPIRY_MINUTES);
    return this.send(app, to, body, {
      msg: 'SMS verification code',
      dev_code: code,
      to,
      app: app.name,
    });
  }

  private async send(
    app: App,
    to: string,
    body: string,
    { msg, ...fields }: { msg: string; dev_code: string; to: string; app: string },
  ): Promise<void> {
    const credentials = await this.credentials(app.id);
    if (!credentials) {
      this.write(infoRecord(msg, fields));
      return;
    }
    const form = new URLSearchParams({ To: to, Body: body });
    if (credentials.messagingServiceSid) form.set('MessagingServiceSid', credentials.messagingServiceSid);
    else if (credentials.from) form.set('From', credentials.from);
    const url = `${this.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(credentials.accountSid)}/Messages.json`;
    const basic = Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64');
    let response: Response;
    try {
      response = await this.fetch(url, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new SmsDeliveryError(`Twilio unreachable at ${this.baseUrl}: ${(error as Error).message}`);
    }
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    const answer = (await response.json().catch(() => undefined)) as
      | { code?: number; message?: string }
      | undefined;
    throw new SmsDeliveryError(
      `Twilio answered ${response.status}${answer?.message ? `: ${answer.message}` : ''}`,
      response.status,
      answer?.code,
    );
  }
}
