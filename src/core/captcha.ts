/**
 * Captcha with Cloudflare Turnstile (§4.3, §8, §9): loads Turnstile's script on demand (with the
 * page's CSP nonce), renders the challenge into a container the widget gives it, and runs the
 * state machine of CAPTCHA_SCREEN: disabled → ready → loading → success | error. Loaded with a
 * dynamic import only when a login needs a captcha, so none of it counts in the startup budget.
 */
import { atom } from 'nanostores';
import {
  CAPTCHA_AUTO_START_MS,
  CAPTCHA_RESULT_DELAY_MS,
  CAPTCHA_RESULT_POLL_MS,
  CAPTCHA_RESULT_TIMEOUT_MS,
  CAPTCHA_RETRIES,
} from '../protocol/constants.js';
import { CAPTCHA_SCRIPT_URL } from '../protocol/turnstile.js';
import { GatehouseError } from './errors/gatehouse-error.js';
import { CAPTCHA_MESSAGES } from './text/captcha.js';
import { loadTurnstile, type TurnstileApi } from './turnstile.js';

export { captchaSite } from './settings/captcha-site.js';

export type CaptchaStatus = 'disabled' | 'ready' | 'loading' | 'success' | 'error';

export interface CaptchaState {
  status: CaptchaStatus;
  /** Failed challenges since the last success; from CAPTCHA_RETRIES on, the adblocker/VPN hint shows. */
  failures: number;
  /** Success waits for the user's 'Continue' instead of going on by itself. */
  requireIntent: boolean;
}

export interface CaptchaSettings {
  /** The Turnstile site key, without the `t:` prefix. */
  siteKey: string;
  /** Null: Turnstile's own (CAPTCHA_SCRIPT_URL). */
  scriptUrl: string | null;
  /** The page's CSP nonce, put on the script element. */
  nonce?: string;
}

/** What the login waiting behind the captcha does with its outcome. */
export interface CaptchaRequest {
  /** A solved challenge: the token for the init call. */
  onToken(token: string): void;
  /** A failed challenge (captcha_failure, after CAPTCHA_RETRIES with the hint) or a timeout (captcha_timeout). */
  onFailure(error: GatehouseError): void;
}

/** Captcha failures as the error catalogue and ERROR_SCREEN see them (§8). */
function captchaError(code: 'captcha_failure' | 'captcha_timeout', failures = 0): GatehouseError {
  const message =
    code === 'captcha_timeout'
      ? CAPTCHA_MESSAGES.captchaFailed
      : failures >= CAPTCHA_RETRIES
        ? CAPTCHA_MESSAGES.adblockerHint
        : CAPTCHA_MESSAGES.didNotPass;
  return new GatehouseError({ type: 'captcha_error', code, message });
}

/**
 * One captcha for the modal. The widget attaches a container while CAPTCHA_SCREEN shows; the
 * challenge starts CAPTCHA_AUTO_START_MS later; a token is handed on CAPTCHA_RESULT_DELAY_MS
 * after it arrives (at once on 'Continue' when user intent is required); a challenge still
 * unresolved after CAPTCHA_RESULT_TIMEOUT_MS (checked every CAPTCHA_RESULT_POLL_MS) fails with
 * captcha_timeout. An expired token resets the challenge.
 */
export class CaptchaController {
  readonly $state = atom<CaptchaState>({ status: 'disabled', failures: 0, requireIntent: false });
  private request: CaptchaRequest | null = null;
  private api: TurnstileApi | null = null;
  private container: HTMLElement | null = null;
  private widgetId: string | undefined;
  private token: string | null = null;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  /** Bumped on every attach/detach/reset, so callbacks of an older challenge are ignored. */
  private generation = 0;

  constructor(
    private readonly settings: CaptchaSettings,
    private readonly load: () => Promise<TurnstileApi> = () =>
      loadTurnstile(settings.scriptUrl ?? CAPTCHA_SCRIPT_URL, settings.nonce),
  ) {}

  get state(): CaptchaState {
    return this.$state.get();
  }

  /** A login waits for a token; the latest request wins. */
  begin(request: CaptchaRequest, requireIntent = false): void {
    this.request = request;
    this.update({ requireIntent });
  }

  /** CAPTCHA_SCREEN shows: load Turnstile, then start the challenge after the auto-start delay. */
  async attach(container: HTMLElement): Promise<void> {
    this.clear();
    const generation = ++this.generation;
    this.container = container;
    this.token = null;
    this.update({ status: 'disabled' });
    try {
      this.api = await this.load();
    } catch (error) {
      if (generation === this.generation) this.fail(error instanceof Error ? error.message : String(error));
      return;
    }
    if (generation !== this.generation) return;
    this.update({ status: 'ready' });
    this.later(() => this.run(generation), CAPTCHA_AUTO_START_MS);
  }

  /** CAPTCHA_SCREEN goes away: the challenge is removed; a token already handed on stays used. */
  detach(): void {
    this.clear();
    this.generation += 1;
    this.removeWidget();
    this.container = null;
  }

  /** invalid_captcha or an expired token: forget the token and, when shown, start a new challenge. */
  reset(): void {
    this.token = null;
    const container = this.container;
    if (!container) {
      this.update({ status: this.api ? 'ready' : 'disabled' });
      return;
    }
    this.detach();
    void this.attach(container);
  }

  /** 'Continue' after success when user intent is required. */
  proceed(): void {
    if (this.state.status === 'success' && this.token) this.handOn(this.token);
  }

  private run(generation: number): void {
    const api = this.api;
    const container = this.container;
    if (!api || !container || generation !== this.generation) return;
    this.update({ status: 'loading' });
    const current = () => generation === this.generation;
    try {
      this.widgetId = api.render(container, {
        sitekey: this.settings.siteKey,
        retry: 'never',
        'refresh-expired': 'manual',
        callback: (token) => {
          if (current()) this.solved(token);
        },
        'error-callback': () => {
          if (current()) this.failed();
        },
        'expired-callback': () => {
          if (current()) this.reset();
        },
      });
    } catch (error) {
      this.fail(error instanceof Error ? error.message : String(error));
      return;
    }
    this.poll(generation, 0);
  }

  /** The result wait: every CAPTCHA_RESULT_POLL_MS until a result, captcha_timeout after CAPTCHA_RESULT_TIMEOUT_MS. */
  private poll(generation: number, waited: number): void {
    this.later(() => {
      if (generation !== this.generation || this.state.status !== 'loading') return;
      const next = waited + CAPTCHA_RESULT_POLL_MS;
      if (next < CAPTCHA_RESULT_TIMEOUT_MS) {
        this.poll(generation, next);
        return;
      }
      this.generation += 1;
      this.removeWidget();
      this.update({ status: 'error' });
      this.request?.onFailure(captchaError('captcha_timeout'));
    }, CAPTCHA_RESULT_POLL_MS);
  }

  private solved(token: string): void {
    this.token = token;
    this.update({ status: 'success', failures: 0 });
    if (this.state.requireIntent) return;
    const generation = this.generation;
    this.later(() => {
      if (generation === this.generation && this.token === token) this.handOn(token);
    }, CAPTCHA_RESULT_DELAY_MS);
  }

  private failed(): void {
    this.generation += 1;
    this.removeWidget();
    const failures = this.state.failures + 1;
    this.update({ status: 'error', failures });
    this.request?.onFailure(captchaError('captcha_failure', failures));
  }

  /** Turnstile could not load or render: a failed challenge, with the reason for the developer. */
  private fail(reason: string): void {
    console.warn(reason);
    this.failed();
  }

  /**
   * Each token serves one init call (Turnstile tokens are single use). The request stays: coming
   * back to CAPTCHA_SCREEN (ERROR_SCREEN's 'Try again') solves a new challenge for the same login.
   */
  private handOn(token: string): void {
    this.token = null;
    this.request?.onToken(token);
  }

  private removeWidget(): void {
    if (this.api && this.widgetId !== undefined) {
      try {
        this.api.remove(this.widgetId);
      } catch {
        // already gone with its container
      }
    }
    this.widgetId = undefined;
  }

  private later(run: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  private clear(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private update(change: Partial<CaptchaState>): void {
    this.$state.set({ ...this.$state.get(), ...change });
  }
}

const controllers = new WeakMap<object, CaptchaController>();

/** The one captcha of a client (its context), made with its settings the first time a login needs it. */
export function captchaFor(owner: object, settings: CaptchaSettings): CaptchaController {
  let controller = controllers.get(owner);
  if (!controller) {
    controller = new CaptchaController(settings);
    controllers.set(owner, controller);
  }
  return controller;
}

/** The captcha CAPTCHA_SCREEN shows: the client's, once a login made it. */
export const shownCaptcha = (owner: object): CaptchaController | undefined => controllers.get(owner);
