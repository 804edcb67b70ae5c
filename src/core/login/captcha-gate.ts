/**
 * §4.3, before every login initiation (email, SMS, OAuth, wallet…): when captcha is on (host
 * `captchaEnabled` over the app's) and nobody is logged in, CAPTCHA_SCREEN shows and the flow waits
 * for a solved challenge (CAPTCHA_RESULT_DELAY_MS after it, or 'Continue' with `requireIntent`). A
 * failed or timed-out challenge shows on ERROR_SCREEN while the flow keeps waiting: its 'Try again'
 * goes back to CAPTCHA_SCREEN for a new challenge.
 */
import { SCREENS } from '../../protocol/screens.js';
import type { CaptchaController } from '../captcha.js';
import type { Context } from '../context.js';
import * as CODES from '../errors/codes.js';
import { isCancelled, type Task } from '../modal/task.js';
import { captchaOn } from '../settings/captcha.js';
import { showFailure } from './failure.js';

/** The captcha of this app, or null when it is off (the captcha code loads only when it is on). */
async function captchaOf(ctx: Context): Promise<CaptchaController | null> {
  if (!captchaOn(ctx)) return null;
  const code = await import('../captcha.js');
  const config = code.captchaSite(ctx);
  return config ? code.captchaFor(ctx, { ...config, nonce: ctx.options.nonce }) : null;
}

/** Shows CAPTCHA_SCREEN (unless it shows) and hands on each solved challenge's token. */
function tokens(ctx: Context, task: Task, captcha: CaptchaController, requireIntent?: boolean) {
  const solved: string[] = [];
  let waiting: ((token: string) => void) | null = null;
  captcha.begin(
    {
      onToken: (token) => {
        if (waiting) waiting(token);
        else solved.push(token);
        waiting = null;
      },
      onFailure: (error) => showFailure(ctx, error),
    },
    requireIntent,
  );
  if (ctx.modal.$modal.get().screen !== SCREENS.captcha || !ctx.modal.isOpen) task.show(SCREENS.captcha);
  return (): Promise<string> => {
    const next = solved.shift();
    return next ? Promise.resolve(next) : task.until(new Promise<string>((resolve) => (waiting = resolve)));
  };
}

/** A captcha token for the next call, or undefined when none is due. */
export async function captchaToken(
  ctx: Context,
  task: Task,
  options: { requireIntent?: boolean } = {},
): Promise<string | undefined> {
  const captcha = await task.until(captchaOf(ctx));
  if (!captcha || ctx.session.authenticated) return undefined;
  return tokens(ctx, task, captcha, options.requireIntent)();
}

/**
 * An init call behind the captcha: `send` gets the token. When it fails, ERROR_SCREEN says why and
 * the call goes again with the next solved challenge ('Try again' leads back to CAPTCHA_SCREEN);
 * invalid_captcha starts a new challenge. Without a captcha due, `send` runs once, unguarded.
 */
export async function withCaptcha<T>(
  ctx: Context,
  task: Task,
  send: (token?: string) => Promise<T>,
): Promise<T> {
  const captcha = await task.until(captchaOf(ctx));
  if (!captcha || ctx.session.authenticated) return send(undefined);
  const next = tokens(ctx, task, captcha);
  for (;;) {
    const token = await next();
    try {
      return await task.until(send(token));
    } catch (error) {
      if (isCancelled(error)) throw error;
      if (showFailure(ctx, error).code === CODES.invalidCaptcha) captcha.reset();
    }
  }
}

/** invalid_captcha from an init call: the token is forgotten and, when shown, a new challenge starts. */
export async function resetCaptcha(ctx: Context): Promise<void> {
  (await captchaOf(ctx))?.reset();
}
