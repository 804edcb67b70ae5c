import { useLayoutEffect, useRef } from 'react';
import { type CaptchaController, type CaptchaState, shownCaptcha } from '../../core/captcha.js';
import { CAPTCHA_MESSAGES } from '../../core/text/captcha.js';
import { useStore, useWidget } from '../context.js';
import { useFieldStyles } from '../field-styles.js';
import { Title } from '../Title.js';

/** Name of the slot of the shadow root that shows the light-DOM container Turnstile renders into. */
const CAPTCHA_SLOT = 'gatehouse-captcha';

function statusText({ status, requireIntent }: CaptchaState): string {
  if (status === 'success')
    return requireIntent ? CAPTCHA_MESSAGES.successNeedsIntent : CAPTCHA_MESSAGES.success;
  if (status === 'loading') return CAPTCHA_MESSAGES.loading;
  return CAPTCHA_MESSAGES.ready;
}

/**
 * CAPTCHA_SCREEN (§4.3): Cloudflare Turnstile's challenge, then the login goes on by itself (or
 * with 'Continue' when user intent is required). Turnstile renders an iframe into the element it
 * is given and talks to it by postMessage; that element lives in the light DOM, as a child of
 * the widget's shadow host, and a named <slot> shows it here inside the modal. So Turnstile's
 * script only ever deals with an ordinary element of the document.
 */
export function CaptchaScreen() {
  const { ctx, styles } = useWidget();
  const f = useFieldStyles();
  const captcha = shownCaptcha(ctx) as CaptchaController;
  const state = useStore(captcha.$state);
  const slot = useRef<HTMLSlotElement>(null);

  useLayoutEffect(() => {
    const root = slot.current?.getRootNode();
    const host = root instanceof ShadowRoot ? root.host : null;
    if (!host) return;
    const container = document.createElement('div');
    container.slot = CAPTCHA_SLOT;
    host.appendChild(container);
    void captcha.attach(container);
    return () => {
      captcha.detach();
      container.remove();
    };
  }, [captcha]);

  return (
    <>
      <Title>{CAPTCHA_MESSAGES.title}</Title>
      <div className={f.captchaBox}>
        <slot ref={slot} name={CAPTCHA_SLOT} />
      </div>
      <p role="status" className={state.status === 'success' ? styles.status : styles.text}>
        {statusText(state)}
      </p>
      {state.status === 'success' && state.requireIntent ? (
        <button type="button" className={styles.primary} data-autofocus="" onClick={() => captcha.proceed()}>
          {CAPTCHA_MESSAGES.continue}
        </button>
      ) : null}
    </>
  );
}
