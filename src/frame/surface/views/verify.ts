/**
 * 'Verify it's you' (a step-up, or the MFA gate): why it is asked, then what the view says — the
 * ways to verify, the code of the chosen one, the wallet's approval, or, with no way at all here,
 * what to do instead. 'Use another way' lists the factors again here and sends the one picked.
 */
import { MFA_UI_TEXT } from '../../../core/text/mfa.js';
import { WALLET_TEXT } from '../../../core/text/wallet.js';
import type { SurfaceState, VerifyView } from '../../../protocol/surface.js';
import { codeBoxes } from '../code-boxes.js';
import { el, setUsable, uniqueId } from '../dom.js';
import { changeLine, SURFACE_TEXT } from '../texts.js';
import {
  approveButton,
  button,
  cancelButton,
  choices,
  scaffold,
  showState,
  type ViewContext,
  type ViewHandle,
} from './common.js';
import { factorList, type ViewPart } from './factors.js';

function reason(view: VerifyView): string {
  switch (view.purpose) {
    case 'new_device':
      return SURFACE_TEXT.newDevice;
    case 'change':
      return changeLine(view.action, view.account);
    case 'mfa':
      return SURFACE_TEXT.mfa;
  }
}

function codeInstruction(view: VerifyView): string {
  if (view.factor === 'totp') return SURFACE_TEXT.codeFromApp;
  return view.sentTo ? SURFACE_TEXT.codeSentTo(view.sentTo) : SURFACE_TEXT.codeSent;
}

/** The code of the chosen factor: the boxes, 'Resend code' (not for an app) and 'Use another way'. */
function codeEntry(ctx: ViewContext, view: VerifyView, anotherWay: () => void): ViewPart {
  const id = uniqueId('code-for');
  const boxes = codeBoxes({
    guard: ctx.guard,
    labelledBy: id,
    submit: (code) => ctx.send({ type: 'code', code }),
  });
  const links: HTMLElement[] = [];
  if (view.factor !== 'totp')
    links.push(button(MFA_UI_TEXT.resendCode, 'link', () => ctx.send({ type: 'resend' })));
  if (view.factors.length > 1) links.push(button(SURFACE_TEXT.anotherWay, 'link', anotherWay));
  return {
    nodes: [
      el('p', { class: 'text strong', id }, [codeInstruction(view)]),
      boxes.node,
      ...(links.length > 0 ? [el('div', { class: 'links' }, links)] : []),
    ],
    focus: boxes.first,
    update(state) {
      boxes.update(state);
      for (const link of links) setUsable(link, !state.busy);
    },
    dispose: () => boxes.dispose(),
  };
}

/** The part of the view to show now. */
function partFor(ctx: ViewContext, view: VerifyView, show: (part: ViewPart) => void): ViewPart {
  if (view.factors.length === 0) {
    return {
      nodes: [
        el('p', { class: 'text strong' }, [SURFACE_TEXT.noFactorTitle]),
        el('p', { class: 'text' }, [SURFACE_TEXT.noFactorDetail]),
      ],
      focus: null,
      update: () => undefined,
      dispose: () => undefined,
    };
  }
  if (view.factor === null) return factorList(ctx, view.factors);
  if (view.factor === 'wallet') {
    const approve = approveButton(ctx, WALLET_TEXT.approve);
    return {
      nodes: [],
      primary: approve,
      focus: null,
      update(state) {
        setUsable(approve, !state.busy);
        ctx.guard.shown(approve, !state.busy);
        approve.setAttribute('aria-busy', state.busy ? 'true' : 'false');
      },
      dispose: () => undefined,
    };
  }
  const code = (): ViewPart => codeEntry(ctx, view, () => show(others()));
  const others = (): ViewPart => {
    const back = button(WALLET_TEXT.back, 'link', () => show(code()));
    return factorList(ctx, view.factors, el('div', { class: 'links' }, [back]));
  };
  return code();
}

export function verifyView(ctx: ViewContext, view: VerifyView): ViewHandle {
  const slot = el('div', { class: 'part' });
  const cancel = cancelButton(ctx, view.factors.length === 0 ? WALLET_TEXT.close : WALLET_TEXT.cancel);
  let state: SurfaceState = { busy: false, error: null };
  let current: ViewPart | undefined;
  const show = (part: ViewPart): void => {
    current?.dispose();
    current = part;
    slot.replaceChildren(...part.nodes);
    part.update(state);
  };
  const first = partFor(ctx, view, (part) => {
    show(part);
    (part.focus ?? parts.heading).focus();
  });
  // The wallet's Approve sits beside Cancel, as a review's approval does.
  const footer = first.primary ? choices(cancel, first.primary) : cancel;
  const parts = scaffold(
    SURFACE_TEXT.verifyTitle,
    [el('p', { class: 'text' }, [reason(view)]), slot],
    [footer],
  );
  const showCommon = showState(ctx, parts, () => [], null, SURFACE_TEXT.working);
  show(first);
  return {
    node: parts.node,
    focus: first.focus ?? parts.heading,
    update(next) {
      state = next;
      showCommon(next);
      current?.update(next);
    },
    dispose: () => current?.dispose(),
  };
}
