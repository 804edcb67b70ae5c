/**
 * What every view of the surface is made of: a heading the view focuses (never the approve
 * button, so an Enter the host page asked for approves nothing), the alert for `state.error`, the
 * status for `state.busy`, and buttons that stay focusable but do nothing while busy.
 */
import { WALLET_TEXT } from '../../../core/text/wallet.js';
import { COPY_FEEDBACK_MS } from '../../../protocol/constants.js';
import type { SurfaceAction, SurfaceState } from '../../../protocol/surface.js';
import { type Child, el, isUsable, setUsable } from '../dom.js';
import { FRAME_ERRORS } from '../texts.js';
import type { TrustGuard } from '../trusted.js';

export interface ViewContext {
  send(action: SurfaceAction): void;
  guard: TrustGuard;
  /** Writes to the clipboard (navigator.clipboard). */
  copy(text: string): Promise<void>;
  /** Saves `content` as a text file (an object URL revoked later). */
  download(fileName: string, content: string): void;
}

export interface ViewHandle {
  node: HTMLElement;
  /** Where focus goes when the view is new: the heading, or the field to type into first. */
  focus: HTMLElement;
  update(state: SurfaceState): void;
  /** The view is replaced or the prompt is over: forget what it holds (a password). */
  dispose(): void;
}

export type ButtonKind = 'primary' | 'secondary' | 'link' | 'small';

/** A button that does nothing while unusable (aria-disabled, so it keeps the focus while busy). */
export function button(
  label: Child | Child[],
  kind: ButtonKind,
  onClick: (event: MouseEvent) => void,
  props: Record<string, string> = {},
): HTMLButtonElement {
  const node = el('button', { type: 'button', class: `btn ${kind}`, 'aria-disabled': 'false', ...props }, [
    el('span', { class: 'btn-label' }, Array.isArray(label) ? label : [label]),
  ]);
  node.addEventListener('click', (event) => {
    if (isUsable(node)) onClick(event);
  });
  return node;
}

/** Cancel (or Close): ends the prompt; usable while busy too, so a hung request can be left. */
export const cancelButton = (ctx: ViewContext, label: string = WALLET_TEXT.cancel): HTMLButtonElement =>
  button(label, 'secondary', () => ctx.send({ type: 'cancel' }));

/** A row of buttons, side by side. */
export const choices = (...buttons: Child[]): HTMLElement => el('div', { class: 'choices' }, buttons);

/**
 * The view's primary approval (Sign, Send, Approve, Reveal): sent only for a trusted click on a
 * surface and a button both visible long enough (trusted.ts); then unusable until the next state.
 */
export function approveButton(ctx: ViewContext, label: string): HTMLButtonElement {
  const node = button(label, 'primary', (event) => {
    if (!ctx.guard.mayApprove(event, node)) return;
    setUsable(node, false);
    ctx.guard.shown(node, false);
    ctx.send({ type: 'approve' });
  });
  ctx.guard.shown(node, true);
  return node;
}

/** 'Copy' that says 'Copied' for COPY_FEEDBACK_MS (and announces it). */
export function copyButton(ctx: ViewContext, text: () => string, label?: string): HTMLElement {
  const status = el('span', { role: 'status', class: 'visually-hidden' });
  const node = button(
    WALLET_TEXT.copy,
    'small',
    () => {
      ctx.copy(text()).then(
        () => {
          node.firstElementChild?.replaceChildren(WALLET_TEXT.copied);
          status.textContent = WALLET_TEXT.copied;
          setTimeout(() => {
            node.firstElementChild?.replaceChildren(WALLET_TEXT.copy);
            status.textContent = '';
          }, COPY_FEEDBACK_MS);
        },
        // The clipboard may be refused to this frame: the text stays selectable.
        () => undefined,
      );
    },
    label ? { 'aria-label': label } : {},
  );
  return el('span', { class: 'copy' }, [node, status]);
}

export interface Scaffold {
  node: HTMLElement;
  heading: HTMLElement;
  alert: HTMLElement;
  status: HTMLElement;
}

/** The view's heading, its body, the alert and the status, then its buttons. */
export function scaffold(title: string, body: Child[], footer: Child[]): Scaffold {
  const heading = el('h1', { tabindex: '-1' }, [title]);
  const alert = el('p', { role: 'alert', class: 'alert' });
  const status = el('p', { role: 'status', class: 'visually-hidden' });
  const node = el('section', { class: 'view' }, [heading, ...body, alert, status, ...footer]);
  return { node, heading, alert, status };
}

/**
 * The usual `update`: the error in the alert; while busy, every control unusable, the busy text in
 * the status and a spinner over `main`'s label.
 */
export function showState(
  ctx: ViewContext,
  parts: Scaffold,
  controls: () => HTMLElement[],
  main: HTMLElement | null,
  busyText: string,
): (state: SurfaceState) => void {
  return (state) => {
    // No code without an error (the frame's Prompt.state drops it with the error).
    parts.alert.textContent = FRAME_ERRORS.get(state.code) ?? state.error ?? '';
    parts.status.textContent = state.busy ? busyText : '';
    for (const control of controls()) {
      setUsable(control, !state.busy);
      ctx.guard.shown(control, !state.busy);
    }
    if (main) main.setAttribute('aria-busy', state.busy ? 'true' : 'false');
  };
}

/** A view without inputs: its heading takes the focus, its `update` is showState's. */
export function simpleView(
  ctx: ViewContext,
  parts: Scaffold,
  controls: HTMLElement[],
  main: HTMLElement | null,
  busyText: string,
): ViewHandle {
  return {
    node: parts.node,
    focus: parts.heading,
    update: showState(ctx, parts, () => controls, main, busyText),
    dispose: () => undefined,
  };
}
