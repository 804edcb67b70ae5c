/** Cloudflare Turnstile's script, loaded on demand for the captcha (captcha.ts). */

import { poll } from './poll.js';
import { CAPTCHA_MESSAGES } from './text/captcha.js';

/** The part of Turnstile's `window.turnstile` the widget uses. */
export interface TurnstileApi {
  render(container: HTMLElement, params: TurnstileRenderParams): string | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

export interface TurnstileRenderParams {
  sitekey: string;
  /** 'never': a failed challenge is reported, and retried here (CAPTCHA_RETRIES, with the hint). */
  retry?: 'auto' | 'never';
  /** 'manual': an expired token is reported, and the challenge reset here. */
  'refresh-expired'?: 'auto' | 'manual' | 'never';
  callback: (token: string) => void;
  'error-callback': (code?: string) => void;
  'expired-callback': () => void;
}

interface TurnstileWindow {
  turnstile?: TurnstileApi;
}

const scripts = new Map<string, Promise<TurnstileApi>>();

/** Adds Turnstile's script once per URL (nonced for strict CSPs) and resolves with `window.turnstile`. */
export function loadTurnstile(scriptUrl: string, nonce?: string): Promise<TurnstileApi> {
  const present = (globalThis as TurnstileWindow).turnstile;
  if (present) return Promise.resolve(present);
  let loading = scripts.get(scriptUrl);
  if (!loading) {
    loading = new Promise<TurnstileApi>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      if (nonce) script.nonce = nonce;
      // The script may define `window.turnstile` after its load event: the §9 polling helper waits for it.
      script.addEventListener('load', () => {
        void poll(() => (globalThis as TurnstileWindow).turnstile).then((api) => {
          if (api) resolve(api);
          else reject(new Error(CAPTCHA_MESSAGES.scriptFailed(scriptUrl)));
        });
      });
      script.addEventListener('error', () => reject(new Error(CAPTCHA_MESSAGES.scriptFailed(scriptUrl))));
      document.head.appendChild(script);
    });
    scripts.set(scriptUrl, loading);
    loading.catch(() => scripts.delete(scriptUrl));
  }
  return loading;
}
