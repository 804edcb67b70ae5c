/**
 * The changes of an account that a user with an embedded wallet makes only under a step-up
 * (http/step-up-gate.ts): each as its action, the exact target a ticket covers, and what the
 * surface shows — named from what the request itself carries, before any code or nonce is spent.
 */
import type { UserWire } from '../../protocol/api.js';
import type { MfaMethod } from '../../protocol/mfa.js';
import { parseSiweMessage } from '../services/login/siwe-message.js';
import { checksumAddress } from '../services/wallets/wallets.js';
import type { AccountChange } from './step-up-gate.js';

const change = (
  action: AccountChange['action'],
  type: string,
  subject: string,
  label: string,
): AccountChange => ({ action, target: `${type}:${subject}`, account: { type, label } });

export const emailChange = (action: 'link' | 'unlink', email: string): AccountChange =>
  change(action, 'email', email, email);

/** `passwordless/update`: the target names both addresses; the user sees the new one. */
export const emailUpdate = (oldAddress: string, newAddress: string): AccountChange => ({
  action: 'update',
  target: `email:${oldAddress}>${newAddress}`,
  account: { type: 'email', label: newAddress },
});

export const phoneChange = (action: 'link' | 'unlink', number: string): AccountChange =>
  change(action, 'phone', number, number);

/** A wallet account; for a link, the address the sign-in message names (the signature is checked after). */
export const walletChange = (action: 'link' | 'unlink', address: string): AccountChange =>
  change(action, 'wallet', address.toLowerCase(), checksumAddress(address));

/** The address a SIWE message names, or undefined when it is not one (the verification then refuses it). */
export function siweAddress(message: string): string | undefined {
  try {
    return parseSiweMessage(message).address;
  } catch {
    return undefined;
  }
}

export const farcasterChange = (action: 'link' | 'unlink', fid: number | string): AccountChange =>
  change(action, 'farcaster', String(fid), `Farcaster #${fid}`);

/** A social account, named by what its profile shows the user (email, username, name). */
export function oauthChange(
  action: 'link' | 'unlink',
  type: string,
  subject: string,
  data: Record<string, unknown>,
): AccountChange {
  const shown = [data.email, data.username, data.name].find((value) => typeof value === 'string');
  const provider = type.replace(/_oauth$/, '');
  const label = typeof shown === 'string' ? `${provider} ${shown}` : provider;
  return change(action, type, subject, label);
}

/** The user's own account of that type and subject, as the wire has it (for an unlink's label). */
export function accountData(user: UserWire, type: string, subject: string): Record<string, unknown> {
  const found = user.linked_accounts.find(
    (account) => account.type === type && (account as { subject?: unknown }).subject === subject,
  );
  return (found ?? {}) as Record<string, unknown>;
}

/** Adding or removing an MFA method; an SMS number being added is named in the target. */
export function mfaChange(
  action: 'mfa_enroll' | 'mfa_unenroll',
  method: MfaMethod,
  number?: string,
): AccountChange {
  const label =
    method === 'totp' ? 'authenticator app' : method === 'passkey' ? 'passkey' : (number ?? 'SMS');
  const target = number === undefined ? method : `${method}:${number}`;
  return { action, target, account: { type: method, label } };
}

/**
 * Adding a passkey: one ticket covers the whole ceremony, its options (asked first, so the user
 * confirms before making a credential) and the link that spends it, as the credential is made in between.
 */
export const passkeyLink = (): AccountChange => change('link', 'passkey', 'new', 'New passkey');

/** Removing a passkey, shown by its authenticator's name when known. */
export const passkeyUnlink = (credentialId: string, name: string | null): AccountChange =>
  change('unlink', 'passkey', credentialId, name ?? 'Passkey');
