/**
 * `wallet:rpc` and `wallet:export`: what the wallet's key does for the host, each only after the
 * user's approval in the surface, which shows what the frame will sign (review.ts) or the key it
 * will show — unless the app turned its wallet UIs off and the host asks for a silent signature.
 */
import type { WalletFrameReplyData, WalletFrameRequestData } from '../protocol/wallet-frame.js';
import { WALLET_FRAME_ERRORS } from '../protocol/wallet-frame.js';
import type { Prompt } from './prompts.js';
import { PromptCancelledError } from './prompts.js';
import type { RequestScope } from './request-scope.js';
import { reviewOf } from './review.js';
import { signRpc } from './signing.js';
import type { WalletDeps } from './wallet-deps.js';
import { InvalidArgumentsError, requireAddress, requireToken } from './wallet-errors.js';
import { unlock } from './wallet-unlock.js';

/** Waits for the user's approval (a trusted click in the surface); the prompt is busy after it. */
async function approval(prompt: Prompt): Promise<void> {
  while ((await prompt.next()).type !== 'approve') {}
  prompt.state({ busy: true, error: null });
}

export async function signRequest(
  deps: WalletDeps,
  data: WalletFrameRequestData['wallet:rpc'],
  scope: RequestScope,
): Promise<WalletFrameReplyData['wallet:rpc']> {
  const accessToken = requireToken(data?.accessToken);
  const address = requireAddress(data.address);
  if (data.silent === true) {
    if (deps.enforceWalletUis) throw new InvalidArgumentsError(WALLET_FRAME_ERRORS.uisEnforced.message);
  } else {
    // The review is built from the very request signed below; the host's texts play no part.
    const intent = data.intent === 'send' ? 'send' : 'sign';
    await approval(scope.prompt(reviewOf(data.request, address, intent)));
  }
  const { wallet, entropy } = await unlock(deps, scope, accessToken, address);
  entropy.fill(0);
  const signed = await signRpc(wallet, data.request);
  return { response: { method: data.request.method, data: signed } };
}

/** The key is shown in the surface after a click there, and stays until the host closes it. */
export async function exportKey(
  deps: WalletDeps,
  data: WalletFrameRequestData['wallet:export'],
  scope: RequestScope,
): Promise<WalletFrameReplyData['wallet:export']> {
  const accessToken = requireToken(data?.accessToken);
  const address = requireAddress(data.address);
  const view = { kind: 'export' as const, address, privateKey: null };
  await approval(scope.prompt(view));
  const { wallet, entropy } = await unlock(deps, scope, accessToken, address);
  entropy.fill(0);
  const prompt = scope.prompt({ ...view, privateKey: wallet.privateKey });
  try {
    for (;;) await prompt.next();
  } catch (error) {
    if (!(error instanceof PromptCancelledError)) throw error;
  }
  return { closed: true };
}
