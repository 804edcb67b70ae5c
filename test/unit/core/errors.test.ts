import { describe, expect, it } from 'vitest';
import { passwordlessCodeMessage } from '../../../src/core/errors/code-message.js';
import type { ErrorCode } from '../../../src/core/errors/error-code.js';
import { errorScreenFor } from '../../../src/core/errors/error-screen.js';
import { GatehouseError } from '../../../src/core/errors/gatehouse-error.js';

const api = (code: ErrorCode, status: number, message = 'server says so') =>
  new GatehouseError({ type: 'api_error', code, status, message });
const client = (code: ErrorCode, message = 'client says so') =>
  new GatehouseError({ type: 'client_error', code, message });

describe('ERROR_SCREEN texts (§8)', () => {
  it('a timeout: Timed out, its message, Try again', () => {
    expect(errorScreenFor(client('client_request_timeout', 'Request timed out'))).toEqual({
      title: 'Timed out',
      detail: 'Request timed out',
      cta: 'Try again',
    });
  });

  it('an unreachable provider says so, with Retry', () => {
    expect(errorScreenFor(client('provider_unreachable', 'The login service could not be reached'))).toEqual({
      title: 'The login service could not be reached',
      detail: 'Check your connection, then retry.',
      cta: 'Retry',
    });
  });

  it('another client error: Something went wrong, Try again later, and Back (not a Try again that says otherwise)', () => {
    expect(errorScreenFor(client('client_invalid_response'))).toEqual({
      title: 'Something went wrong',
      detail: 'Try again later',
      cta: 'Back',
    });
  });

  it('a 422 shows its message', () => {
    expect(errorScreenFor(api('invalid_data', 422, 'Email is not valid')).detail).toBe('Email is not valid');
  });

  it('too_many_requests', () => {
    expect(errorScreenFor(api('too_many_requests', 429)).detail).toBe(
      'Too many requests. Please wait before trying again.',
    );
  });

  it('disallowed_login_method: Not allowed, the message, Try another method', () => {
    expect(errorScreenFor(api('disallowed_login_method', 403, 'Email login is off'))).toEqual({
      title: 'Not allowed',
      detail: 'Email login is off',
      cta: 'Try another method',
    });
  });

  it('invalid_credentials: Something went wrong. Try again. as the detail, with Try again', () => {
    expect(errorScreenFor(api('invalid_credentials', 422))).toEqual({
      title: 'Something went wrong',
      detail: 'Something went wrong. Try again.',
      cta: 'Try again',
    });
  });

  it('anything else: Something went wrong, Try again later, Back', () => {
    expect(errorScreenFor(api('internal_error', 500))).toEqual({
      title: 'Something went wrong',
      detail: 'Try again later',
      cta: 'Back',
    });
  });
});

describe('passwordless code messages (§8)', () => {
  it("a 422 is 'Invalid or expired verification code'", () => {
    expect(passwordlessCodeMessage(api('invalid_credentials', 422))).toBe(
      'Invalid or expired verification code',
    );
  });
  it('cannot_link_more_of_type shows the server message', () => {
    expect(passwordlessCodeMessage(api('cannot_link_more_of_type', 400, 'Only one email per user'))).toBe(
      'Only one email per user',
    );
  });
  it('too_many_requests has its own text', () => {
    expect(passwordlessCodeMessage(api('too_many_requests', 429))).toBe(
      'Too many requests. Please wait before trying again.',
    );
  });
  it("anything else is 'Issue verifying code'", () => {
    expect(passwordlessCodeMessage(api('internal_error', 500))).toBe('Issue verifying code');
    expect(passwordlessCodeMessage(client('provider_unreachable'))).toBe('Issue verifying code');
  });
});
