/**
 * The recovery password set-up (§4.6) in the surface: its steps run here (password-steps.ts) and
 * only 'Set password' at the last one, from the user's own click or Enter, sends the password to
 * the wallet frame. Back goes one step back; Cancel on the first step unless the widget started
 * it (`automatic`). The password lives in this view's memory only and is wiped when it ends.
 */
import { WALLET_TEXT } from '../../../core/text/wallet.js';
import { recoveryFileName } from '../../../core/wallet/password.js';
import type { PasswordSetView, SurfaceState } from '../../../protocol/surface.js';
import { el, isUsable, setUsable } from '../dom.js';
import { button, cancelButton, choices, showState, type ViewContext, type ViewHandle } from './common.js';
import {
  confirmingStep,
  creatingStep,
  finalizingStep,
  type PasswordDraft,
  type Step,
  savingStep,
} from './password-steps.js';

const STEPS = ['creating', 'saving', 'confirming', 'finalizing'] as const;
const LAST = STEPS.length - 1;

function buildStep(ctx: ViewContext, draft: PasswordDraft, at: number, follow: () => void): Step {
  switch (STEPS[at]) {
    case 'saving':
      return savingStep(ctx, draft);
    case 'confirming':
      return confirmingStep(draft, follow);
    case 'finalizing':
      return finalizingStep(draft, follow);
    default:
      return creatingStep(draft, follow);
  }
}

/** Back once past the first step; on the first, Cancel unless the widget started the set-up. */
function backButton(
  ctx: ViewContext,
  view: PasswordSetView,
  at: number,
  back: () => void,
): HTMLButtonElement | null {
  if (at > 0) return button(WALLET_TEXT.back, 'secondary', back);
  return view.automatic ? null : cancelButton(ctx);
}

export function passwordSetView(ctx: ViewContext, view: PasswordSetView, appName: string): ViewHandle {
  const draft: PasswordDraft = {
    password: '',
    confirmation: '',
    acknowledged: false,
    appName,
    fileName: recoveryFileName(appName),
  };
  // A form, so Enter in a field goes on; it never navigates (and `form-action 'none'`).
  const form = el('form', { class: 'form', novalidate: true });
  let state: SurfaceState = { busy: false, error: null };
  let index = 0;
  let step: Step;
  let next: HTMLButtonElement;
  let back: HTMLButtonElement | null;
  let apply: (state: SurfaceState) => void = () => undefined;

  const follow = (): void => setUsable(next, step.complete() && !state.busy);
  const show = (at: number, focus: boolean): void => {
    index = at;
    step = buildStep(ctx, draft, at, follow);
    back = backButton(ctx, view, at, () => show(at - 1, true));
    next = button(at === LAST ? WALLET_TEXT.setPassword : WALLET_TEXT.continue, 'primary', () => undefined, {
      type: 'submit',
    });
    step.parts.node.append(choices(back, next));
    form.replaceChildren(step.parts.node);
    const controls = [...step.controls, ...(at > 0 && back ? [back] : [])];
    const common = showState(ctx, step.parts, () => controls, next, WALLET_TEXT.securing);
    apply = (current) => {
      common(current);
      for (const input of step.inputs ?? []) input.disabled = current.busy;
      follow();
    };
    apply(state);
    if (focus) step.focus.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (state.busy || !isUsable(next) || !step.complete()) return;
    if (index < LAST) {
      show(index + 1, true);
    } else if (ctx.guard.trusted(event)) {
      ctx.send({ type: 'password', password: draft.password });
    }
  });
  show(0, false);

  return {
    node: form,
    focus: step!.focus,
    update(current) {
      state = current;
      apply(current);
    },
    dispose() {
      draft.password = '';
      draft.confirmation = '';
      form.replaceChildren();
    },
  };
}
