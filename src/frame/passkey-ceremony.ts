/**
 * One passkey ceremony on a request's prompt (protocol/passkey.ts PasskeyView): the options (fresh
 * each try: a challenge is single use), the view, the user's credential from the surface, then
 * what the flow makes of it. A refusal the user can do something about (the provider's passkey
 * errors, a wrong passkey) shows in the view, and the user tries again; Cancel rejects.
 */
import {
  PASSKEY_ERRORS,
  type PasskeyAction,
  type PasskeyOptionsJSON,
  type PasskeyView,
} from '../protocol/passkey.js';
import type { SurfaceAction, SurfaceState } from '../protocol/surface.js';
import { AnotherWayChosen } from './passkey-shared.js';
import { PASSKEY_TEXTS } from './passkey-texts.js';
import type { Prompt } from './prompts.js';
import { WalletApiError } from './provider-call.js';
import type { RequestScope } from './request-scope.js';

/** A failure the view shows for another try, in its words. */
export class PasskeyRefusal extends Error {
  constructor(readonly code: keyof typeof PASSKEY_TEXTS) {
    super(PASSKEY_TEXTS[code]);
    this.name = 'PasskeyRefusal';
  }
}

/** Provider codes a new try may get past (another passkey, a fresh challenge, a little later). */
const RETRY_CODES: ReadonlySet<string> = new Set([
  ...Object.values(PASSKEY_ERRORS).map((error) => error.code),
  'too_many_requests',
]);

const retryable = (error: unknown): error is PasskeyRefusal | WalletApiError =>
  error instanceof PasskeyRefusal || (error instanceof WalletApiError && RETRY_CODES.has(error.code));

export interface Ceremony<T> {
  view: Omit<PasskeyView, 'kind' | 'options'>;
  options(): Promise<PasskeyOptionsJSON>;
  /** What the credential gives; PasskeyRefusal (or a passkey refusal of the provider): try again. */
  submit(action: PasskeyAction, prompt: Prompt): Promise<T>;
  /** A login view's 'Create a passkey'. */
  signUp?(): Promise<T>;
}

/** Where the ceremony shows: the request's prompt, opened now or already open. */
export type Opener = (view: PasskeyView) => Prompt;

export const openIn =
  (scope: RequestScope): Opener =>
  (view) =>
    scope.prompt(view);

export const showOn =
  (prompt: Prompt): Opener =>
  (view) => {
    prompt.show(view);
    return prompt;
  };

const isPasskeyAction = (action: SurfaceAction): action is PasskeyAction =>
  action.type === 'passkey' &&
  typeof action.credential === 'object' &&
  action.credential !== null &&
  typeof action.credential.id === 'string' &&
  (action.prf === null || typeof action.prf === 'string');

/**
 * The user's next credential, or null for 'Create a passkey' where offered; 'Use another way'
 * where offered throws AnotherWayChosen. Other actions are ignored.
 */
async function nextAction(prompt: Prompt, view: PasskeyView): Promise<PasskeyAction | null> {
  for (;;) {
    const action = await prompt.next();
    if (isPasskeyAction(action)) return action;
    if (action.type === 'signup' && view.canSignUp) return null;
    if (action.type === 'another-way' && view.anotherWay) throw new AnotherWayChosen();
  }
}

export async function runCeremony<T>(open: Opener, ceremony: Ceremony<T>): Promise<T> {
  let refused: Pick<SurfaceState, 'error' | 'code'> | null = null;
  for (;;) {
    const view: PasskeyView = { kind: 'passkey', ...ceremony.view, options: await ceremony.options() };
    const prompt = open(view);
    if (refused) prompt.state({ busy: false, ...refused });
    const action = await nextAction(prompt, view);
    if (action === null && ceremony.signUp) return ceremony.signUp();
    if (action === null) continue;
    prompt.state({ busy: true, error: null });
    try {
      return await ceremony.submit(action, prompt);
    } catch (failure) {
      if (!retryable(failure)) throw failure;
      refused = { error: failure.message, code: failure.code };
    }
  }
}
