/**
 * A passkey ceremony (protocol/passkey.ts): what it is for, 'Continue with passkey' beside
 * Cancel, and for a login that may sign up, 'Create a passkey' (for a step-up with other ways to
 * verify, 'Use another way'). The ceremony starts only from a
 * trusted click here (this provider-origin document then has the user activation and the focus
 * WebAuthn wants in a cross-origin frame); what it gives goes to the wallet frame, the PRF output
 * apart from the credential. A cancelled ceremony leaves the view usable with a line saying so.
 * Where the browser refuses passkeys in this frame, the view says so and its button opens the
 * passkey window instead (passkey-popup.ts), whose action goes on exactly as this view's would.
 */
import type { PasskeyView } from '../../../protocol/passkey.js';
import type { SurfaceState } from '../../../protocol/surface.js';
import { el } from '../dom.js';
import { openPasskeyPopup, type PasskeyPopup } from '../passkey-popup.js';
import { policyRefuses, refusedByPolicy } from '../passkey-refusal.js';
import { PASSKEY_SURFACE_TEXT } from '../passkey-texts.js';
import { SURFACE_TEXT } from '../texts.js';
import { runCeremony } from '../webauthn.js';
import {
  button,
  cancelButton,
  choices,
  scaffold,
  showState,
  type ViewContext,
  type ViewHandle,
} from './common.js';

/** The passkey window's page (the surface's page at …/passkey, main.ts) comes with this chunk. */
export { mountPasskeyWindow } from '../../passkey-window/window.js';

/**
 * The host's PASSKEY_SCREEN is titled for these already: the heading stays for the surface's own
 * document (its focus, a screen reader's landmark) but is not shown twice.
 */
const TITLED_BY_HOST: ReadonlySet<PasskeyView['purpose']> = new Set(['login', 'link', 'set-recovery']);

/** What the view says when the ceremony gave nothing, or failed. */
function ceremonyError(view: PasskeyView, error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (error === null || name === 'NotAllowedError' || name === 'AbortError') {
    if (view.purpose === 'step-up') return PASSKEY_SURFACE_TEXT.cancelledVerification;
    return view.purpose === 'login' && view.canSignUp
      ? PASSKEY_SURFACE_TEXT.cancelledSignUp
      : PASSKEY_SURFACE_TEXT.cancelled;
  }
  if (name === 'InvalidStateError') return PASSKEY_SURFACE_TEXT.exists;
  if (name === 'NotSupportedError' || !globalThis.PublicKeyCredential)
    return PASSKEY_SURFACE_TEXT.unsupported;
  return PASSKEY_SURFACE_TEXT.failed;
}

/** 'Create a passkey' on a login that may sign up; 'Use another way' on a step-up with other ways. */
function sideLink(ctx: ViewContext, view: PasskeyView): HTMLButtonElement | null {
  if (view.purpose === 'login' && view.canSignUp)
    return button(PASSKEY_SURFACE_TEXT.signUp, 'link', () => ctx.send({ type: 'signup' }));
  return view.anotherWay
    ? button(SURFACE_TEXT.anotherWay, 'link', () => ctx.send({ type: 'another-way' }))
    : null;
}

/**
 * The row of Cancel and `start`, and the line shown once the browser refuses passkeys in this
 * frame: `toWindow()` shows it and makes `start` 'Continue in a new window'.
 */
function windowSwitch(ctx: ViewContext, start: HTMLButtonElement) {
  const framed = el('p', { class: 'text', hidden: true }, [PASSKEY_SURFACE_TEXT.framed]);
  const cancel = cancelButton(ctx);
  const row = choices(cancel, start);
  const toWindow = (): void => {
    framed.hidden = false;
    start.firstElementChild?.replaceChildren(PASSKEY_SURFACE_TEXT.newWindow);
    // Too long a label to sit beside Cancel in the frame: one above the other.
    row.classList.add('stacked');
    row.replaceChildren(start, cancel);
    // Another button now: a click meant for the old one does not count.
    ctx.guard.shown(start, false);
    ctx.guard.shown(start, true);
  };
  return { framed, row, toWindow };
}

export function passkeyView(ctx: ViewContext, view: PasskeyView): ViewHandle {
  let running = false;
  /** What the ceremony itself went wrong with, until the next try. */
  let local: string | null = null;
  let state: SurfaceState = { busy: false, error: null };
  let popup: PasskeyPopup | null = null;
  const signUp = sideLink(ctx, view);
  const start = button(PASSKEY_SURFACE_TEXT.continue, 'primary', (event) => {
    if (running || !ctx.guard.mayApprove(event, start)) return;
    local = null;
    if (framed.hidden) here();
    else if (popup) popup.focus();
    else away();
    update({ ...state, error: null });
  });
  ctx.guard.shown(start, true);
  const { framed, row, toWindow } = windowSwitch(ctx, start);
  const here = (): void => {
    running = true;
    runCeremony(view)
      .then(
        (action) => {
          if (action) ctx.send(action);
          else local = ceremonyError(view, null);
        },
        (error: unknown) => {
          if (refusedByPolicy(error)) toWindow();
          else local = ceremonyError(view, error);
        },
      )
      .finally(() => {
        running = false;
        update(state);
      });
  };
  const away = (): void => {
    popup = openPasskeyPopup(view, (outcome) => {
      popup = null;
      framed.textContent = PASSKEY_SURFACE_TEXT.framed;
      if (outcome.action) ctx.send(outcome.action);
      else local = ceremonyError(view, outcome.error === null ? null : { name: outcome.error });
      update(state);
    });
    if (popup) framed.textContent = PASSKEY_SURFACE_TEXT.inWindow;
    else local = PASSKEY_SURFACE_TEXT.popupBlocked;
  };
  if (policyRefuses(view)) toWindow();
  const parts = scaffold(
    PASSKEY_SURFACE_TEXT.title[view.purpose],
    [el('p', { class: 'text' }, [PASSKEY_SURFACE_TEXT.detail[view.purpose]]), framed],
    [row, signUp && el('div', { class: 'links' }, [signUp])],
  );
  if (TITLED_BY_HOST.has(view.purpose)) parts.heading.classList.add('visually-hidden');
  const controls = signUp ? [start, signUp] : [start];
  const common = showState(ctx, parts, () => controls, start, SURFACE_TEXT.working);
  const update = (next: SurfaceState): void => {
    state = next;
    common({ busy: next.busy || running, error: next.error ?? local });
  };
  return { node: parts.node, focus: parts.heading, update, dispose: () => popup?.close() };
}
