/**
 * A passkey ceremony (protocol/passkey.ts): what it is for, 'Continue with passkey' beside
 * Cancel, and for a login that may sign up, 'Create a passkey' (for a step-up with other ways to
 * verify, 'Use another way'). The ceremony starts only from a
 * trusted click here (this provider-origin document then has the user activation and the focus
 * WebAuthn wants in a cross-origin frame); what it gives goes to the wallet frame, the PRF output
 * apart from the credential. A cancelled ceremony leaves the view usable with a line saying so.
 */
import type { PasskeyView } from '../../../protocol/passkey.js';
import type { SurfaceState } from '../../../protocol/surface.js';
import { el } from '../dom.js';
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

/**
 * The host's PASSKEY_SCREEN is titled for these already: the heading stays for the surface's own
 * document (its focus, a screen reader's landmark) but is not shown twice.
 */
const TITLED_BY_HOST: ReadonlySet<PasskeyView['purpose']> = new Set(['login', 'link', 'set-recovery']);

/** What the view says when the ceremony gave nothing, or failed. */
function ceremonyError(view: PasskeyView, error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (error === null || name === 'NotAllowedError' || name === 'AbortError') {
    return view.purpose === 'login' && view.canSignUp
      ? PASSKEY_SURFACE_TEXT.cancelledSignUp
      : PASSKEY_SURFACE_TEXT.cancelled;
  }
  if (name === 'InvalidStateError') return PASSKEY_SURFACE_TEXT.exists;
  if (name === 'NotSupportedError' || !globalThis.PublicKeyCredential)
    return PASSKEY_SURFACE_TEXT.unsupported;
  return PASSKEY_SURFACE_TEXT.failed;
}

export function passkeyView(ctx: ViewContext, view: PasskeyView): ViewHandle {
  let running = false;
  /** What the ceremony itself went wrong with, until the next try. */
  let local: string | null = null;
  let state: SurfaceState = { busy: false, error: null };
  const signUp =
    view.purpose === 'login' && view.canSignUp
      ? button(PASSKEY_SURFACE_TEXT.signUp, 'link', () => ctx.send({ type: 'signup' }))
      : view.anotherWay
        ? button(SURFACE_TEXT.anotherWay, 'link', () => ctx.send({ type: 'another-way' }))
        : null;
  const start = button(PASSKEY_SURFACE_TEXT.continue, 'primary', (event) => {
    if (running || !ctx.guard.mayApprove(event, start)) return;
    running = true;
    local = null;
    update({ ...state, error: null });
    runCeremony(view)
      .then(
        (action) => {
          if (action) ctx.send(action);
          else local = ceremonyError(view, null);
        },
        (error: unknown) => {
          local = ceremonyError(view, error);
        },
      )
      .finally(() => {
        running = false;
        update(state);
      });
  });
  ctx.guard.shown(start, true);
  const parts = scaffold(
    PASSKEY_SURFACE_TEXT.title[view.purpose],
    [el('p', { class: 'text' }, [PASSKEY_SURFACE_TEXT.detail[view.purpose]])],
    [choices(cancelButton(ctx), start), signUp && el('div', { class: 'links' }, [signUp])],
  );
  if (TITLED_BY_HOST.has(view.purpose)) parts.heading.classList.add('visually-hidden');
  const controls = signUp ? [start, signUp] : [start];
  const common = showState(ctx, parts, () => controls, start, SURFACE_TEXT.working);
  const update = (next: SurfaceState): void => {
    state = next;
    common({ busy: next.busy || running, error: next.error ?? local });
  };
  return { node: parts.node, focus: parts.heading, update, dispose: () => undefined };
}
