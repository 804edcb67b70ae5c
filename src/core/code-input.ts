/**
 * The six code boxes of AWAITING_PASSWORDLESS_CODE as pure functions (§4.4, §5): the screen keeps
 * the boxes in state and moves focus where these say.
 */

import { VERIFICATION_CODE_LENGTH } from '../protocol/constants.js';
import { VERIFICATION_CODE_PATTERN } from '../protocol/validation.js';
import * as CODES from './errors/codes.js';
import { clientError } from './errors/gatehouse-error.js';
import { PASSWORDLESS_MESSAGES } from './errors/passwordless-messages.js';

export type CodeBoxes = readonly string[];

export interface CodeEntry {
  boxes: string[];
  /** Index of the box that should have focus next. */
  focus: number;
  /** What to tell the user when the input was refused; the boxes are then unchanged. */
  error: string | null;
}

const DIGITS = /^[0-9]+$/;
const LAST = VERIFICATION_CODE_LENGTH - 1;

export const emptyCode = (): string[] => Array.from({ length: VERIFICATION_CODE_LENGTH }, () => '');

export const codeOf = (boxes: CodeBoxes): string => boxes.join('');

export const isCodeComplete = (boxes: CodeBoxes): boolean => VERIFICATION_CODE_PATTERN.test(codeOf(boxes));

/** Writes digits from box `index` on (as far as the boxes go) and puts focus after the last one written. */
function spread(boxes: CodeBoxes, index: number, digits: string): CodeEntry {
  const next = [...boxes];
  const count = Math.min(digits.length, VERIFICATION_CODE_LENGTH - index);
  for (let i = 0; i < count; i++) next[index + i] = digits[i] ?? '';
  return { boxes: next, focus: Math.min(index + count, LAST), error: null };
}

/**
 * Box `index` now holds `raw` (an input event): a digit fills the box and moves focus on; several
 * digits (autofill, a fast typist) spread over the following boxes; anything else is refused.
 */
export function enterIntoBox(boxes: CodeBoxes, index: number, raw: string): CodeEntry {
  const value = raw.replace(/\s+/g, '');
  if (value === '') {
    const next = [...boxes];
    next[index] = '';
    return { boxes: next, focus: index, error: null };
  }
  if (!DIGITS.test(value))
    return { boxes: [...boxes], focus: index, error: PASSWORDLESS_MESSAGES.codeShouldBeNumeric };
  const previous = boxes[index] ?? '';
  // Typing into a filled box leaves the old digit beside the new one: keep the new one.
  if (value.length === 2 && previous !== '' && value.includes(previous)) {
    return spread(boxes, index, value[0] === previous ? value.slice(1) : value.slice(0, 1));
  }
  return spread(boxes, index, value);
}

/** A paste into box `index`: whitespace is dropped and the digits spread from that box on. */
export function pasteIntoBoxes(boxes: CodeBoxes, index: number, text: string): CodeEntry {
  const value = text.replace(/\s+/g, '');
  if (!DIGITS.test(value))
    return { boxes: [...boxes], focus: index, error: PASSWORDLESS_MESSAGES.passcodeOnlyNumbers };
  return spread(boxes, index, value);
}

/** Backspace in box `index`: clears it, or, when it is already empty, the box before it (and focuses that). */
export function eraseBox(boxes: CodeBoxes, index: number): CodeEntry {
  const next = [...boxes];
  const target = next[index] === '' && index > 0 ? index - 1 : index;
  next[target] = '';
  return { boxes: next, focus: target, error: null };
}

/** The whole code before it is sent: trimmed, digits only, exactly six of them. */
export function validateCode(code: string): string | null {
  const value = code.trim();
  if (!DIGITS.test(value)) return PASSWORDLESS_MESSAGES.passcodeOnlyNumbers;
  if (value.length !== VERIFICATION_CODE_LENGTH) return PASSWORDLESS_MESSAGES.passcodeExactLength;
  return null;
}

/** The code as it is sent: trimmed, or a client error with the §5 text when it is not six digits. */
export function codeToSend(code: string): string {
  const value = code.trim();
  const problem = validateCode(value);
  if (problem) throw clientError(CODES.invalidInput, problem);
  return value;
}
