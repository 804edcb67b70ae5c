/**
 * What the frame's always-loaded code shares with its passkey code, which it fetches only on the
 * first passkey request or step (passkey-load.ts: most wallets never use a passkey): a step-up's
 * 'Use another way', a PRF output a step-up's assertion kept for the recovery that follows, and
 * telling a passkey box apart.
 */
import type { PasskeyBox } from '../protocol/passkey.js';
import type { Prompt } from './prompts.js';

/** A step-up's 'Use another way': the ticket's other factors instead. */
export class AnotherWayChosen extends Error {
  constructor() {
    super('Another way to verify was chosen.');
    this.name = 'AnotherWayChosen';
  }
}

/** A PRF output a step-up's assertion gave, and the passkey that gave it. */
export interface KeptPrf {
  credentialId: string;
  prf: Uint8Array;
}

const kept = new WeakMap<Prompt, KeptPrf>();

/** Keeps a step-up's PRF output with its prompt (and so only as long as the request). */
export function keepPrf(prompt: Prompt, value: KeptPrf): void {
  kept.set(prompt, value);
}

/** The PRF output this request's step-up gave (once: it is forgotten here). */
export function takeKeptPrf(prompt: Prompt | null): KeptPrf | undefined {
  if (!prompt) return undefined;
  const found = kept.get(prompt);
  kept.delete(prompt);
  return found;
}

export function isPasskeyBox(value: unknown): value is PasskeyBox {
  const box = value as Record<string, unknown> | null;
  return (
    typeof box === 'object' &&
    box !== null &&
    box.kdf === 'hkdf-sha256-prf' &&
    typeof box.credentialId === 'string' &&
    typeof box.salt === 'string' &&
    typeof box.iv === 'string' &&
    typeof box.ct === 'string'
  );
}
