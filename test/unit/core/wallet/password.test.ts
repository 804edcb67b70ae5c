import { describe, expect, it } from 'vitest';
import {
  canSubmitPassword,
  generateRecoveryPassword,
  invalidPasswordCharacters,
  passwordConfirmationError,
  passwordStrength,
  passwordStrengthScore,
  recoveryFileName,
  validatePassword,
} from '../../../../src/core/wallet/password.js';
import { COPY_FEEDBACK_MS } from '../../../../src/protocol/constants.js';
import {
  DOWNLOAD_URL_REVOKE_MS,
  PASSWORD_FLOW_AUTO_CLOSE_MS,
} from '../../../../src/protocol/wallet-constants.js';

describe('recovery password rules (§5)', () => {
  it('needs at least 6 characters', () => {
    expect(validatePassword('abc12')).toEqual({
      valid: false,
      error: 'Password must be at least 6 characters',
    });
    expect(validatePassword('abc123')).toEqual({ valid: true, error: null });
  });

  it('allows letters, digits, ! @ # $ % ^ & * ( ) - _ + and spaces only, naming the others', () => {
    expect(validatePassword('Aa1!@#$%^&*()-_+').valid).toBe(true);
    // A passphrase of words (NIST SP 800-63B): spaces are allowed; a tab is not.
    expect(validatePassword('correct horse battery staple')).toEqual({ valid: true, error: null });
    expect(validatePassword('pass\tword~~')).toEqual({
      valid: false,
      error: 'Invalid characters used ( space ~ )',
    });
    expect(validatePassword('abcdéf').error).toBe('Invalid characters used ( é )');
    expect(invalidPasswordCharacters('a.b,c.d')).toEqual(['.', ',']);
    // The character rule is told before the length rule.
    expect(validatePassword('a=').error).toBe('Invalid characters used ( = )');
  });

  it('keeps Continue disabled while empty, without a message', () => {
    expect(validatePassword('')).toEqual({ valid: false, error: null });
  });

  it("asks for the exact same password to confirm ('Passwords do not match')", () => {
    expect(passwordConfirmationError('Secret-123', '')).toBeNull();
    expect(passwordConfirmationError('Secret-123', 'Secret-123')).toBeNull();
    expect(passwordConfirmationError('Secret-123', 'secret-123')).toBe('Passwords do not match');
    expect(passwordConfirmationError('Secret-123', 'Secret-123 ')).toBe('Passwords do not match');
  });

  it('submits only with the acknowledgement ticked and a valid, confirmed password', () => {
    expect(canSubmitPassword('Secret-123', 'Secret-123', true)).toBe(true);
    expect(canSubmitPassword('Secret-123', 'Secret-123', false)).toBe(false);
    expect(canSubmitPassword('Secret-123', 'Secret-124', true)).toBe(false);
    expect(canSubmitPassword('abc', 'abc', true)).toBe(false);
  });
});

describe('password strength meter (§5)', () => {
  it.each([
    ['aaaaaa', 'Weak'],
    ['password', 'Weak'],
    ['12345678', 'Weak'],
    ['Abcdefg1', 'Medium'],
    ['Password1!', 'Medium'],
    ['correcthorsebatterystaple', 'Medium'],
    ['Tr0ub4dor&3-horse', 'Strong'],
    ['Kx9!mP2#qL7$wZ4', 'Strong'],
  ])('%s is %s', (password, label) => {
    expect(passwordStrength(password).label).toBe(label);
  });

  it('combines variety (length 8+, lower, upper, digit, symbol) with the entropy estimate / 95', () => {
    // 'abcdef': variety 1/5; entropy 6 × log2(26) / 95.
    expect(passwordStrengthScore('abcdef')).toBeCloseTo((0.2 + (6 * Math.log2(26)) / 95) / 2, 10);
    // All five criteria and more than 95 bits: the full score.
    expect(passwordStrengthScore('Aa1!Aa1!Aa1!Aa1!Aa1!')).toBe(1);
    expect(passwordStrengthScore('')).toBe(0);
    // Longer and more varied never scores lower.
    expect(passwordStrengthScore('abcdefgh')).toBeGreaterThan(passwordStrengthScore('abcdefg'));
    expect(passwordStrengthScore('abcdefG1')).toBeGreaterThan(passwordStrengthScore('abcdefgh'));
  });

  it('labels by thresholds: Strong above 0.9, Medium above 0.5, else Weak', () => {
    const levels = ['x', 'abcdef', 'Abcdefg1', 'Kx9!mP2#qL7$wZ4'].map((p) => passwordStrength(p).level);
    expect(levels).toEqual(['weak', 'weak', 'medium', 'strong']);
  });
});

describe('generated recovery password', () => {
  it('is valid, Strong, with every character class, and different each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const password = generateRecoveryPassword();
      expect(password).toHaveLength(20);
      expect(validatePassword(password).valid).toBe(true);
      expect(passwordStrength(password).level).toBe('strong');
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[!@#$%^&*()\-_+]/);
      seen.add(password);
    }
    expect(seen.size).toBe(50);
  });
});

describe('recovery file and timings (§4.6, §9)', () => {
  it('names the file after the app, lowercased with letters and hyphens, the provider named once', () => {
    expect(recoveryFileName('Gatehouse Demo')).toBe('gatehouse-demo-wallet-recovery.txt');
    expect(recoveryFileName('Demo of Gatehouse')).toBe('demo-of-gatehouse-wallet-recovery.txt');
    expect(recoveryFileName('Gatehouses')).toBe('gatehouses-gatehouse-wallet-recovery.txt');
    expect(recoveryFileName('My Cool App!')).toBe('my-cool-app-gatehouse-wallet-recovery.txt');
    expect(recoveryFileName('Web3 Café  2')).toBe('web-caf-gatehouse-wallet-recovery.txt');
    expect(recoveryFileName('acme')).toBe('acme-gatehouse-wallet-recovery.txt');
    expect(recoveryFileName('123')).toBe('gatehouse-wallet-recovery.txt');
  });

  it('keeps copy feedback 1500 ms, the download URL 5000 ms, the automatic flow 1400 ms', () => {
    expect(COPY_FEEDBACK_MS).toBe(1500);
    expect(DOWNLOAD_URL_REVOKE_MS).toBe(5000);
    expect(PASSWORD_FLOW_AUTO_CLOSE_MS).toBe(1400);
  });
});
