/**
 * The ways to verify of a 'Verify it's you' view: one button a factor ('Email a code to a•••@…'),
 * those not usable yet listed unusable with the time they become usable, so the user knows.
 */

import type { StepUpFactorWire } from '../../../protocol/step-up.js';
import type { SurfaceState } from '../../../protocol/surface.js';
import { el, setUsable } from '../dom.js';
import { LOCAL, SURFACE_TEXT } from '../texts.js';
import { button, type ViewContext } from './common.js';

/** A part of a view: its nodes, what to focus when it is shown, and its state. */
export interface ViewPart {
  nodes: HTMLElement[];
  focus: HTMLElement | null;
  /** The part's main button, shown beside the view's Cancel. */
  primary?: HTMLElement;
  update(state: SurfaceState): void;
  dispose(): void;
}

function factorLabel(factor: StepUpFactorWire): string {
  switch (factor.id) {
    case 'email':
      return SURFACE_TEXT.emailFactor(factor.label);
    case 'phone':
    case 'sms':
      return SURFACE_TEXT.textFactor(factor.label);
    case 'totp':
      return SURFACE_TEXT.totpFactor;
    case 'wallet':
      return SURFACE_TEXT.walletFactor;
    case 'passkey':
      return SURFACE_TEXT.passkeyFactor;
  }
}

/** When a listed factor becomes usable: 'Usable from 12 Jun 2026, 14:05', or not during this login. */
function availability(at: number): string {
  if (at === 0) return SURFACE_TEXT.notThisLogin;
  return SURFACE_TEXT.usableFrom(LOCAL.date(new Date(at * 1000)));
}

/** The factor list; picking one sends {type: 'factor'}. `back`: a way back to the code, if any. */
export function factorList(ctx: ViewContext, factors: StepUpFactorWire[], back?: HTMLElement): ViewPart {
  const usable: HTMLElement[] = [];
  const items = factors.map((factor) => {
    const later = factor.available_at !== undefined;
    const node = button(
      [
        el('span', {}, [factorLabel(factor)]),
        later ? el('span', { class: 'note' }, [availability(factor.available_at ?? 0)]) : null,
      ],
      'secondary',
      () => ctx.send({ type: 'factor', factor: factor.id }),
    );
    if (later) setUsable(node, false);
    else usable.push(node);
    return el('li', {}, [node]);
  });
  const intro = el('p', { class: 'text' }, [SURFACE_TEXT.chooseFactor]);
  return {
    nodes: [intro, el('ul', { class: 'factors' }, items), ...(back ? [back] : [])],
    // The heading keeps the focus: Enter sends nothing the user did not pick.
    focus: null,
    update(state) {
      for (const node of usable) setUsable(node, !state.busy);
    },
    dispose: () => undefined,
  };
}
