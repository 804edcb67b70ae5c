/** The frame's own refusals of a request, and the checks of its fields (§8 wallet error types). */
import { PASSWORD_MIN_LENGTH } from '../protocol/constants.js';

/** `wallet:connect` found no device share (or a stale one, or no registered device key): the host must recover. */
export class WalletNotOnDeviceError extends Error {
  constructor() {
    super('The wallet is not on this device; recover it.');
    this.name = 'WalletNotOnDeviceError';
  }
}

/** Bad or missing request fields (error type invalid_request_arguments). */
export class InvalidArgumentsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidArgumentsError';
  }
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function requireToken(value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new InvalidArgumentsError('accessToken is required.');
  return value;
}

export function requireAddress(value: unknown): string {
  if (typeof value !== 'string' || !ADDRESS.test(value))
    throw new InvalidArgumentsError('address is invalid.');
  return value;
}

export function requirePassword(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length < PASSWORD_MIN_LENGTH) {
    throw new InvalidArgumentsError(`${field} must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  return value;
}
