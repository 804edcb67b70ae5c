/**
 * Signing (§4.6): EMBEDDED_WALLET_SIGN_REQUEST_SCREEN frames the provider-origin surface, which
 * shows what the frame will sign and holds the Sign button: the frame signs only after the user's
 * click there. Then 'Success' shows and the modal closes after 1400 ms; closing before rejects with
 * 4001. With noPromptOnSignature (refused while the app enforces its wallet UIs) the frame signs
 * without asking. Nothing here touches the key.
 */
import { SIGN_SUCCESS_CLOSE_MS } from '../../../protocol/embedded-wallet.js';
import { SCREENS } from '../../../protocol/screens.js';
import { WALLET_FRAME_REQUESTS, type WalletRpcRequest } from '../../../protocol/wallet-frame.js';
import type { Context } from '../../context.js';
import * as CODES from '../../errors/codes.js';
import { clientError, toGatehouseError } from '../../errors/gatehouse-error.js';
import type { Question } from '../../modal/question.js';
import { isCancelled, type Task } from '../../modal/task.js';
import { requireToken } from '../../session/require-token.js';
import { WALLET_FLOW_TEXT } from '../../text/wallet-flow.js';
import { parseTypedData, typedDataJson } from '../sign-display.js';
import { connect } from './connect.js';
import { walletFailureText } from './failure.js';
import { WalletProxyError } from './proxy.js';
import { refuseWhilePending, rejected, signsSilently, update, WALLET_REQUEST, walletState } from './state.js';
import { hideSurface, showPrompts } from './surface.js';
import type { SignUiOptions, WalletSignUi } from './ui-state.js';

/** How a signature is asked: with its review on `task` (and the send's intent), or silently. */
export type SignAsk = { task: Task; intent?: 'send' | 'sign' } | { silent: true };

/** The frame signs `request` with the wallet's key (connecting it first), once the user approved it. */
export async function rpcSign(ctx: Context, request: WalletRpcRequest, ask: SignAsk): Promise<string> {
  const task = 'task' in ask ? ask.task : undefined;
  const address = await connect(ctx, { interactive: true, task });
  const accessToken = await requireToken(ctx.session, WALLET_FLOW_TEXT.mustBeAuthenticatedBeforeSigning);
  const rpc = { accessToken, address, request };
  const { proxy } = walletState(ctx);
  if (!task) {
    const silent = proxy.request(WALLET_FRAME_REQUESTS.rpc, { ...rpc, silent: true });
    return (await silent.catch(unableToSign)).response.data;
  }
  const intent = 'intent' in ask ? ask.intent : undefined;
  const onPrompt = showPrompts(ctx, task, () => null);
  try {
    const answer = await task.until(
      proxy.request(WALLET_FRAME_REQUESTS.rpc, intent ? { ...rpc, intent } : rpc, {
        onPrompt,
        signal: task.signal,
      }),
    );
    return answer.response.data;
  } finally {
    hideSurface(ctx);
  }
}

/**
 * §8 unable_to_sign: a signature without a review (noPromptOnSignature) that the frame failed to
 * make: the frame's message, under the code the host's callbacks know. Refusals keep their own.
 */
function unableToSign(error: unknown): never {
  if (error instanceof WalletProxyError && error.walletErrorType === 'error') {
    throw new WalletProxyError(CODES.unableToSign, error.message, 'error');
  }
  throw error;
}

/** The user cancelled in the surface: the request is rejected as a closed screen would (4001). */
const userRejected = (error: unknown): boolean =>
  error instanceof WalletProxyError && error.walletErrorType === 'user_rejected';

/** EMBEDDED_WALLET_SIGN_REQUEST_SCREEN's Try again, after a failed signature. */
export const SIGN_RETRY: Question = { screen: SCREENS.embeddedWalletSignRequest };

async function signOn(ctx: Context, task: Task, request: WalletRpcRequest, sign: WalletSignUi) {
  const state = walletState(ctx);
  task.show(SCREENS.embeddedWalletSignRequest);
  for (;;) {
    update(state, { sign: { ...sign, status: 'ready', error: null } });
    try {
      const signature = await rpcSign(ctx, request, { task });
      update(state, { sign: { ...sign, status: 'done', error: null } });
      ctx.modal.closeAfter(SIGN_SUCCESS_CLOSE_MS);
      return signature;
    } catch (error) {
      if (isCancelled(error)) throw rejected();
      if (userRejected(error)) {
        // Cancel in the surface: as the screen's own Cancel.
        ctx.modal.close();
        throw rejected();
      }
      console.warn(toGatehouseError(error).message);
      update(state, {
        sign: { ...sign, status: 'error', error: walletFailureText(error, WALLET_FLOW_TEXT.genericError) },
      });
    }
    await task.ask(SIGN_RETRY);
  }
}

/** Connects (EMBEDDED_WALLET_CONNECTING_SCREEN while the key loads), then the sign request. */
async function sign(
  ctx: Context,
  request: (address: string) => WalletRpcRequest,
  kind: WalletSignUi['kind'],
  uiOptions: SignUiOptions,
): Promise<string> {
  if (!ctx.session.authenticated) {
    throw clientError(CODES.mustBeAuthenticated, WALLET_FLOW_TEXT.mustBeAuthenticatedBeforeSigning);
  }
  if (signsSilently(ctx)) {
    return rpcSign(ctx, request(await connect(ctx, { interactive: true })), { silent: true });
  }
  refuseWhilePending(ctx);
  return ctx.modal.run(async (task) => {
    try {
      const address = await connect(ctx, { interactive: true, task, withScreen: true });
      const state: WalletSignUi = { kind, uiOptions: { ...uiOptions }, status: 'ready', error: null };
      update(walletState(ctx), { sign: state, send: null });
      return await signOn(ctx, task, request(address), state);
    } catch (error) {
      throw isCancelled(error) ? rejected() : error;
    }
  }, WALLET_REQUEST);
}

/** `LoginWidget.signMessage(message, uiOptions)`: resolves with the signature (personal_sign). */
export function signMessage(ctx: Context, message: unknown, uiOptions: SignUiOptions = {}): Promise<string> {
  if (typeof message !== 'string' || message === '') {
    return Promise.reject(clientError(CODES.invalidMessage, WALLET_FLOW_TEXT.messageNotEmpty));
  }
  return sign(
    ctx,
    (address) => ({ method: 'personal_sign', params: [message, address] }),
    'message',
    uiOptions,
  );
}

/** `LoginWidget.signTypedData(data, uiOptions)`: EIP-712 v4; resolves with the signature. */
export async function signTypedData(ctx: Context, data: unknown, uiOptions: SignUiOptions = {}) {
  const typed = parseTypedData(data);
  const request = (address: string): WalletRpcRequest => ({
    method: 'eth_signTypedData_v4',
    params: [address, typedDataJson(typed)],
  });
  return sign(ctx, request, 'typedData', uiOptions);
}

/** eth_sign: shown like personal_sign's. */
export function ethSign(ctx: Context, message: string, uiOptions: SignUiOptions = {}): Promise<string> {
  return sign(ctx, (address) => ({ method: 'eth_sign', params: [address, message] }), 'message', uiOptions);
}
