/**
 * What the wallet frame's flows share: the app, this browser's store, the provider's endpoints,
 * the MFA proof and how the provider's demands are met in the surface (demands.ts), and whether
 * the app enforces its wallet UIs. Also the password prompts of the flows (§4.6, §5).
 */
import { INVALID_RECOVERY_PASSWORD_MESSAGE } from '../protocol/error-messages.js';
import type { PasswordSetView, SurfaceView } from '../protocol/surface.js';
import type { WalletErrorType } from '../protocol/wallet-frame.js';
import type { DemandDeps } from './demands.js';
import type { DeviceStore } from './device-store.js';
import type { MfaSession } from './mfa-session.js';
import type { Prompt } from './prompts.js';
import type { RequestScope } from './request-scope.js';
import { type WalletApi, WalletApiError } from './wallet-api.js';
import { InvalidArgumentsError, requirePassword } from './wallet-errors.js';

export interface WalletDeps {
  appId: string;
  store: DeviceStore;
  api: WalletApi;
  mfa: MfaSession;
  demands: DemandDeps;
  /** The app's enforce_wallet_uis: no signature without the user's approval in the surface. */
  enforceWalletUis: boolean;
  /** The session was refused (logged out, revoked, expired): forget what the frame holds for it. */
  forget(): void;
}

/** Runs a provider call; a refused session drops what the frame holds for it. */
export async function guarded<T>(deps: WalletDeps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof WalletApiError && error.code === 'missing_or_invalid_token') deps.forget();
    throw error;
  }
}

/**
 * The next password the user submits on `prompt` (its other actions are ignored); `check`'s
 * refusals show with `code` (SurfaceState.code).
 */
async function passwordFrom(
  prompt: Prompt,
  check: (password: string) => string,
  code?: string,
): Promise<string> {
  for (;;) {
    const action = await prompt.next();
    if (action.type !== 'password') continue;
    try {
      const password = check(action.password);
      prompt.state({ busy: true, error: null });
      return password;
    } catch (error) {
      prompt.state({ busy: false, error: error instanceof Error ? error.message : String(error), code });
    }
  }
}

/** A new recovery password, set in the surface (its steps are the surface's). */
export function newPassword(
  scope: RequestScope,
  view: Omit<PasswordSetView, 'kind'>,
): Promise<{ password: string; prompt: Prompt }> {
  const prompt = scope.prompt({ kind: 'password-set', ...view });
  return passwordFrom(prompt, (password) => requirePassword(password, 'password')).then((password) => ({
    password,
    prompt,
  }));
}

/** §8's error type of a wrong recovery password. */
const WRONG_PASSWORD: WalletErrorType = 'invalid_recovery_pin';

/**
 * The recovery password of a 'user-passcode' wallet, typed in the surface and tried by `open`
 * until it opens the box; a wrong one stays on the surface with §8's text.
 */
export async function enteredPassword<T>(
  scope: RequestScope,
  address: string,
  open: (password: string) => Promise<T>,
  wrong: (error: unknown) => boolean,
): Promise<T> {
  const view: SurfaceView = { kind: 'password-enter', address };
  const prompt = scope.prompt(view);
  for (;;) {
    const password = await passwordFrom(
      prompt,
      (typed) => {
        if (typed === '') throw new InvalidArgumentsError(INVALID_RECOVERY_PASSWORD_MESSAGE);
        return typed;
      },
      WRONG_PASSWORD,
    );
    try {
      return await open(password);
    } catch (error) {
      if (!wrong(error)) throw error;
      prompt.state({ busy: false, error: INVALID_RECOVERY_PASSWORD_MESSAGE, code: WRONG_PASSWORD });
    }
  }
}
