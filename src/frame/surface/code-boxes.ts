/**
 * The six code boxes (§2.2, §4.4, §5) in plain DOM, on the pure functions of core/code-input.ts:
 * typed or pasted digits spread over the boxes, the code goes once all six are filled (from the
 * user's own input only), and after a refusal the boxes clear ERROR_CLEAR_DELAY_MS later.
 */
import {
  type CodeEntry,
  codeOf,
  emptyCode,
  enterIntoBox,
  eraseBox,
  isCodeComplete,
  pasteIntoBoxes,
} from '../../core/code-input.js';
import { ERROR_CLEAR_DELAY_MS } from '../../protocol/constants.js';
import type { SurfaceState } from '../../protocol/surface.js';
import { el } from './dom.js';
import { SURFACE_TEXT } from './texts.js';
import type { TrustGuard } from './trusted.js';

export interface CodeBoxes {
  node: HTMLElement;
  first: HTMLInputElement;
  update(state: SurfaceState): void;
  dispose(): void;
}

export interface CodeBoxesOptions {
  guard: TrustGuard;
  /** The id of the line that says which code to type (the group's name). */
  labelledBy: string;
  submit(code: string): void;
}

/** What the boxes hold, and what they wait for. */
interface Boxes {
  digits: string[];
  inputs: HTMLInputElement[];
  inputError: HTMLElement;
  /** Read-only: the frame is busy, or a code was sent and not answered yet. */
  locked: boolean;
  pending: boolean;
  /** The frame refused the last code. */
  refused: boolean;
  clearTimer?: ReturnType<typeof setTimeout>;
}

function show(boxes: Boxes, digits: string[]): void {
  boxes.digits = digits;
  boxes.inputs.forEach((input, index) => {
    input.value = digits[index] ?? '';
  });
}

function mark(boxes: Boxes): void {
  const invalid = boxes.refused || boxes.inputError.textContent !== '' ? 'true' : 'false';
  for (const input of boxes.inputs) input.setAttribute('aria-invalid', invalid);
}

function lock(boxes: Boxes, locked: boolean): void {
  boxes.locked = locked;
  for (const input of boxes.inputs) input.readOnly = locked;
}

/** An edit of the boxes; with all six filled by the user's own input, the code goes. */
function apply(boxes: Boxes, options: CodeBoxesOptions, entry: CodeEntry, event: Event): void {
  boxes.inputError.textContent = entry.error ?? '';
  if (!entry.error) {
    clearTimeout(boxes.clearTimer);
    boxes.refused = false;
    show(boxes, entry.boxes);
    boxes.inputs[entry.focus]?.focus();
    if (isCodeComplete(boxes.digits) && options.guard.trusted(event)) {
      boxes.pending = true;
      lock(boxes, true);
      options.submit(codeOf(boxes.digits));
    }
  }
  mark(boxes);
}

function onKey(boxes: Boxes, options: CodeBoxesOptions, index: number, event: KeyboardEvent): void {
  if (boxes.locked) return;
  const { inputs } = boxes;
  if (event.key === 'Backspace' && boxes.digits[index] === '') {
    event.preventDefault();
    apply(boxes, options, eraseBox(boxes.digits, index), event);
  } else if (event.key === 'ArrowLeft' && index > 0) {
    event.preventDefault();
    inputs[index - 1]?.focus();
  } else if (event.key === 'ArrowRight' && index < inputs.length - 1) {
    event.preventDefault();
    inputs[index + 1]?.focus();
  }
}

function box(boxes: Boxes, options: CodeBoxesOptions, index: number): HTMLInputElement {
  const input = el('input', {
    type: 'text',
    class: 'box',
    inputmode: 'numeric',
    pattern: '[0-9]*',
    autocomplete: index === 0 ? 'one-time-code' : 'off',
    'aria-label': SURFACE_TEXT.digit(index + 1),
  });
  input.addEventListener('focus', () => input.select());
  input.addEventListener('input', (event) => {
    const entry = boxes.locked ? null : enterIntoBox(boxes.digits, index, input.value);
    // Put back what the box really holds (one digit), whatever was typed into it.
    input.value = (entry?.boxes ?? boxes.digits)[index] ?? '';
    if (entry) apply(boxes, options, entry, event);
  });
  input.addEventListener('paste', (event) => {
    event.preventDefault();
    const text = event.clipboardData?.getData('text') ?? '';
    if (!boxes.locked) apply(boxes, options, pasteIntoBoxes(boxes.digits, index, text), event);
  });
  input.addEventListener('keydown', (event) => onKey(boxes, options, index, event));
  return input;
}

export function codeBoxes(options: CodeBoxesOptions): CodeBoxes {
  const boxes: Boxes = {
    digits: emptyCode(),
    inputs: [],
    inputError: el('p', { role: 'alert', class: 'alert' }),
    locked: false,
    pending: false,
    refused: false,
  };
  boxes.inputs = boxes.digits.map((_, index) => box(boxes, options, index));
  const group = el(
    'div',
    { class: 'boxes', role: 'group', 'aria-labelledby': options.labelledBy },
    boxes.inputs,
  );
  return {
    node: el('div', { class: 'code' }, [group, boxes.inputError]),
    first: boxes.inputs[0]!,
    update(state) {
      if (!state.busy) boxes.pending = false;
      lock(boxes, state.busy || boxes.pending);
      boxes.refused = state.error !== null && !state.busy;
      mark(boxes);
      if (!boxes.refused || !isCodeComplete(boxes.digits)) return;
      clearTimeout(boxes.clearTimer);
      boxes.clearTimer = setTimeout(() => {
        show(boxes, emptyCode());
        boxes.inputs[0]?.focus();
      }, ERROR_CLEAR_DELAY_MS);
    },
    dispose: () => clearTimeout(boxes.clearTimer),
  };
}
