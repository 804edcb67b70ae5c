/**
 * Signing (§4.6): EMBEDDED_WALLET_SIGN_REQUEST_SCREEN unless noPromptOnSignature — the user
 * approves, the frame signs, 'Success' shows and the modal closes after 1400 ms; closing before
 * rejects with 4001. The frame holds the key: nothing here touches it.
 */
import { SIGN_SUCCESS_CLOSE_MS } from '../../../protocol/embedded-wallet.js';
import { SCREENS } from '../../../protocol/screens.js';
import { WALLET_FRAME_REQUESTS, type WalletRpcRequest } from '../../../protocol/wallet-frame.js';
import type { Context } from '../../context.js';
import * as CODES from '../../errors/codes.js';
import { clientError, toGatehouseError } from '../../errors/gatehouse-error.js';
import { WALLET_FLOW_TEXT } from '../../errors/wallet-flow-text.js';
import { withMfa } from '../../mfa/verify.js';
import { isCancelled, type Task } from '../../modal/task.js';
import { requireToken } from '../../session/require-token.js';
import { displayMessage, parseTypedData, summarizeTypedData, typedDataJson } from '../sign-display.js';
import { connect } from './connect.js';
import { walletFailureText } from './failure.js';
import { refuseWhilePending, rejected, settingsOf, update, WALLET_REQUEST, walletState } from './state.js';
import type { SignUiOptions, WalletSignUi } from './ui-state.js';

/** The frame signs `request` with the wallet's key (connecting it first). */
export async function rpcSign(ctx: Context, request: WalletRpcRequest, task?: Task): Promise<string> {
  const address = await connect(ctx, { interactive: true, task });
  const sign = async () => {
    const accessToken = await requireToken(ctx.session, WALLET_FLOW_TEXT.mustBeAuthenticatedBeforeSigning);
    const rpc = { accessToken, address, request };
    return (await walletState(ctx).proxy.request(WALLET_FRAME_REQUESTS.rpc, rpc)).response.data;
  };
  // §6: with MFA enrolled, the frame signs only after a verification.
  return withMfa(ctx, sign, task);
}

type Display = Pick<WalletSignUi, 'kind' | 'message' | 'typedData'>;

async function approveLoop(ctx: Context, task: Task, request: WalletRpcRequest, sign: WalletSignUi) {
  const state = walletState(ctx);
  await task.ask(SCREENS.embeddedWalletSignRequest);
  for (;;) {
    update(state, { sign: { ...sign, status: 'signing', error: null } });
    try {
      const signature = await task.until(rpcSign(ctx, request, task));
      update(state, { sign: { ...sign, status: 'done', error: null } });
      ctx.modal.closeAfter(SIGN_SUCCESS_CLOSE_MS);
      return signature;
    } catch (error) {
      if (isCancelled(error)) throw error;
      console.warn(toGatehouseError(error).message);
      const text = walletFailureText(error, WALLET_FLOW_TEXT.genericError);
      update(state, { sign: { ...sign, status: 'error', error: text } });
    }
    await task.ask();
  }
}

/** Connects (EMBEDDED_WALLET_CONNECTING_SCREEN while the key loads), then the sign request. */
async function sign(
  ctx: Context,
  request: (address: string) => WalletRpcRequest,
  display: Display,
  uiOptions: SignUiOptions,
): Promise<string> {
  if (!ctx.session.authenticated) {
    throw clientError(CODES.mustBeAuthenticated, WALLET_FLOW_TEXT.mustBeAuthenticatedBeforeSigning);
  }
  if (settingsOf(ctx).noPrompt) {
    return rpcSign(ctx, request(await connect(ctx, { interactive: true })));
  }
  refuseWhilePending(ctx);
  return ctx.modal.run(async (task) => {
    try {
      const address = await connect(ctx, { interactive: true, task, withScreen: true });
      const state: WalletSignUi = { ...display, uiOptions: { ...uiOptions }, status: 'ready', error: null };
      update(walletState(ctx), { sign: state, send: null });
      return await approveLoop(ctx, task, request(address), state);
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
  const display: Display = { kind: 'message', message: displayMessage(message), typedData: null };
  return sign(
    ctx,
    (address) => ({ method: 'personal_sign', params: [message, address] }),
    display,
    uiOptions,
  );
}

/** `LoginWidget.signTypedData(data, uiOptions)`: EIP-712 v4; resolves with the signature. */
export async function signTypedData(ctx: Context, data: unknown, uiOptions: SignUiOptions = {}) {
  const typed = parseTypedData(data);
  const display: Display = { kind: 'typedData', message: null, typedData: summarizeTypedData(typed) };
  const request = (address: string): WalletRpcRequest => ({
    method: 'eth_signTypedData_v4',
    params: [address, typedDataJson(typed)],
  });
  return sign(ctx, request, display, uiOptions);
}

/** eth_sign: the message is shown like personal_sign's. */
export function ethSign(ctx: Context, message: string, uiOptions: SignUiOptions = {}): Promise<string> {
  const display: Display = { kind: 'message', message: displayMessage(message), typedData: null };
  return sign(ctx, (address) => ({ method: 'eth_sign', params: [address, message] }), display, uiOptions);
}
