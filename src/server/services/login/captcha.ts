import type { AppConfigWire } from '../../../protocol/api.js';
import { ApiError, UserError } from '../../errors.js';
import { type AppSecrets, httpUrlSetting, serverOnlyAssignment } from '../apps/app-secrets.js';
import type { App } from '../apps/apps.js';

/** Cloudflare Turnstile's server-side validation endpoint. */
const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
/** How long one siteverify call may take before the login is answered captcha_unavailable. */
const SITEVERIFY_TIMEOUT_MS = 10_000;

/**
 * Server-only captcha settings of an app, set with `gatehouse apps set` and never answered by
 * `GET /api/v1/apps/:appId`: the Turnstile secret key and, for a self-hosted or test verifier,
 * the siteverify URL. Stored AES-256-GCM encrypted in `app_secrets`.
 */
export const CAPTCHA_SERVER_FIELDS = ['captcha_secret_key', 'captcha_verify_url'] as const;
export type CaptchaServerField = (typeof CAPTCHA_SERVER_FIELDS)[number];

/** Turnstile site keys and secrets are short ASCII tokens. */
const KEY_PATTERN = /^[\w.-]{1,200}$/;

/** Siteverify's answer (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/). */
interface SiteverifyAnswer {
  success: boolean;
  'error-codes'?: string[];
  hostname?: string;
  challenge_ts?: string;
}

/** Error codes of siteverify that mean the operator's secret is wrong, not the visitor's token. */
const SECRET_ERRORS = new Set(['missing-input-secret', 'invalid-input-secret']);
/** The token was fine once but has expired or was already spent: the widget must get a new one. */
const STALE_TOKEN_ERRORS = new Set(['timeout-or-duplicate']);

type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface CaptchaServiceOptions {
  /** Siteverify URL of every app without its own (GATEHOUSE_TURNSTILE_VERIFY_URL). */
  verifyUrl?: string;
  /** Turnstile script URL answered to apps without their own (GATEHOUSE_TURNSTILE_SCRIPT_URL). */
  scriptUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

/** Logger shape of Fastify's request.log, so a failed check is logged with the request. */
export interface CaptchaLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** `captcha_secret_key=…` or `captcha_verify_url=…` from the CLI; undefined for any other field. */
export function parseCaptchaAssignment(
  argument: string,
): { field: CaptchaServerField; value: string | null } | undefined {
  const assignment = serverOnlyAssignment(argument, CAPTCHA_SERVER_FIELDS);
  if (!assignment?.value) return assignment;
  const { field, value } = assignment;
  if (field === 'captcha_verify_url') return { field, value: httpUrlSetting(field, value) };
  if (!KEY_PATTERN.test(value)) {
    throw new UserError('Invalid value for captcha_secret_key: expected a Turnstile secret key, or null.', 2);
  }
  return assignment;
}

/** Turnstile checks of the init endpoints (§4.3): `verify(app, token, ip)` throws the §8 error or returns. */
export class CaptchaService {
  readonly scriptUrl: string | null;
  private readonly verifyUrl: string;
  private readonly fetch: FetchLike;
  private readonly timeoutMs: number;

  constructor(
    private readonly settings: AppSecrets,
    options: CaptchaServiceOptions = {},
  ) {
    this.verifyUrl = options.verifyUrl ?? TURNSTILE_VERIFY_URL;
    this.scriptUrl = options.scriptUrl ?? null;
    this.fetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.timeoutMs = options.timeoutMs ?? SITEVERIFY_TIMEOUT_MS;
  }

  /** The public configuration with the environment's script URL for an app without its own. */
  withScriptUrl(wire: AppConfigWire): AppConfigWire {
    return { ...wire, captcha_script_url: wire.captcha_script_url ?? this.scriptUrl };
  }

  /** Sets (or, with null, removes) a server-only captcha setting of an app. */
  set(appId: string, field: CaptchaServerField, value: string | null): Promise<void> {
    return this.settings.set(appId, field, value);
  }

  /** Which server-only captcha settings an app has (never their values). */
  configured(appId: string): Promise<string[]> {
    return this.settings.configured(appId, CAPTCHA_SERVER_FIELDS);
  }

  /**
   * When the app has captcha enabled, checks the visitor's token with siteverify. No token:
   * invalid_captcha; refused: captcha_failure (invalid_captcha when only expired or spent);
   * verifier unreachable or misconfigured: captcha_unavailable (503), logged without secrets.
   */
  async verify(app: App, token: string | undefined | null, ip: string, log?: CaptchaLog): Promise<void> {
    if (!app.config.captcha_enabled) return;
    if (typeof token !== 'string' || token.trim() === '') throw new ApiError('invalid_captcha');
    const { captcha_secret_key: secret, captcha_verify_url: url = this.verifyUrl } = await this.settings.read(
      app.id,
      CAPTCHA_SERVER_FIELDS,
    );
    if (secret === undefined) {
      log?.error({ appId: app.id }, 'captcha is enabled but the app has no captcha_secret_key');
      throw new ApiError('captcha_unavailable');
    }
    const answer = await this.siteverify(url, { secret, response: token, remoteip: ip }, log);
    if (answer.success === true) return;
    const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'] : [];
    if (codes.some((code) => SECRET_ERRORS.has(code))) {
      log?.error({ appId: app.id, errorCodes: codes }, 'Turnstile refused the app’s captcha_secret_key');
      throw new ApiError('captcha_unavailable');
    }
    if (codes.includes('internal-error')) throw new ApiError('captcha_unavailable');
    if (codes.length > 0 && codes.every((code) => STALE_TOKEN_ERRORS.has(code))) {
      throw new ApiError('invalid_captcha');
    }
    throw new ApiError('captcha_failure');
  }

  private async siteverify(
    url: string,
    form: Record<string, string>,
    log: CaptchaLog | undefined,
  ): Promise<SiteverifyAnswer> {
    let response: Response;
    try {
      response = await this.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      log?.warn({ verifyUrl: url, reason: (error as Error).message }, 'captcha siteverify unreachable');
      throw new ApiError('captcha_unavailable');
    }
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok || typeof answer !== 'object' || answer === null || !('success' in answer)) {
      log?.warn({ verifyUrl: url, status: response.status }, 'captcha siteverify answered unexpectedly');
      throw new ApiError('captcha_unavailable');
    }
    return answer as SiteverifyAnswer;
  }
}
