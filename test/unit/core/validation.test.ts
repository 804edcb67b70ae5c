import { describe, expect, it } from 'vitest';
import { isValidEmail } from '../../../src/protocol/index.js';

describe('email validation (§5)', () => {
  it.each(['alice@example.com', 'a.b+tag@mail.example.co.uk', "o'neil@example.org"])(
    'accepts %s',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );

  it.each([
    '',
    'alice',
    'alice@',
    '@example.com',
    'alice@example',
    'alice@example.c',
    'alice @example.com',
    'alice@exa mple.com',
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('refuses addresses longer than 254 characters', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@${'b'.repeat(185)}.com`)).toBe(false);
  });
});
