import { describe, expect, it } from 'vitest';
import {
  codeOf,
  emptyCode,
  enterIntoBox,
  eraseBox,
  isCodeComplete,
  pasteIntoBoxes,
  validateCode,
} from '../../../src/core/code-input.js';

describe('code boxes (§4.4, §5)', () => {
  it('typing a digit fills the box and moves focus to the next one', () => {
    const entry = enterIntoBox(emptyCode(), 0, '4');
    expect(entry).toEqual({ boxes: ['4', '', '', '', '', ''], focus: 1, error: null });
  });

  it('typing six digits one by one completes the code, focus staying on the last box', () => {
    let boxes = emptyCode();
    let focus = 0;
    for (const digit of '902113') {
      const entry = enterIntoBox(boxes, focus, digit);
      boxes = entry.boxes;
      focus = entry.focus;
    }
    expect(codeOf(boxes)).toBe('902113');
    expect(focus).toBe(5);
    expect(isCodeComplete(boxes)).toBe(true);
  });

  it("refuses a non-digit with 'Code should be numeric' and keeps the boxes", () => {
    const boxes = ['1', '2', '', '', '', ''];
    const entry = enterIntoBox(boxes, 2, 'a');
    expect(entry.error).toBe('Code should be numeric');
    expect(entry.boxes).toEqual(boxes);
    expect(entry.focus).toBe(2);
  });

  it('typing over a filled box keeps the new digit', () => {
    expect(enterIntoBox(['1', '2', '3', '', '', ''], 1, '27').boxes).toEqual(['1', '7', '3', '', '', '']);
    expect(enterIntoBox(['1', '2', '3', '', '', ''], 1, '82').boxes).toEqual(['1', '8', '3', '', '', '']);
  });

  it('deleting a digit empties the box and keeps focus there', () => {
    expect(enterIntoBox(['1', '2', '3', '', '', ''], 2, '')).toEqual({
      boxes: ['1', '2', '', '', '', ''],
      focus: 2,
      error: null,
    });
  });

  it('an autofilled code in the first box spreads over all six', () => {
    expect(enterIntoBox(emptyCode(), 0, '654321').boxes).toEqual(['6', '5', '4', '3', '2', '1']);
  });

  it('a paste spreads its digits from the current box on, trimming whitespace', () => {
    const entry = pasteIntoBoxes(emptyCode(), 0, '  123 456\n');
    expect(entry).toEqual({ boxes: ['1', '2', '3', '4', '5', '6'], focus: 5, error: null });
    expect(pasteIntoBoxes(['9', '8', '', '', '', ''], 2, '7654').boxes).toEqual([
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
    ]);
    expect(pasteIntoBoxes(emptyCode(), 3, '123456').boxes).toEqual(['', '', '', '1', '2', '3']);
  });

  it("refuses a paste with letters: 'Passcode can only be numbers'", () => {
    const entry = pasteIntoBoxes(emptyCode(), 0, '12a456');
    expect(entry.error).toBe('Passcode can only be numbers');
    expect(entry.boxes).toEqual(emptyCode());
  });

  it('backspace in an empty box clears the previous one and moves focus back', () => {
    expect(eraseBox(['1', '2', '', '', '', ''], 2)).toEqual({
      boxes: ['1', '', '', '', '', ''],
      focus: 1,
      error: null,
    });
    expect(eraseBox(['1', '2', '3', '', '', ''], 2)).toEqual({
      boxes: ['1', '2', '', '', '', ''],
      focus: 2,
      error: null,
    });
  });

  it('is ready to submit only when all six boxes hold a digit', () => {
    expect(isCodeComplete(['1', '2', '3', '4', '5', ''])).toBe(false);
    expect(isCodeComplete(['1', '2', '3', '4', '5', '6'])).toBe(true);
  });

  it('validates a whole code: trimmed, numeric, exactly six digits', () => {
    expect(validateCode(' 123456 ')).toBeNull();
    expect(validateCode('12345a')).toBe('Passcode can only be numbers');
    expect(validateCode('12345')).toBe('Passcode must be exactly 6 numbers');
    expect(validateCode('1234567')).toBe('Passcode must be exactly 6 numbers');
  });
});
