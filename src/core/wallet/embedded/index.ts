/**
 * The embedded wallet in the client (§4.2, §4.5, §4.6), loaded the first time a wallet flow needs
 * it: the host's wallet methods, what a login hands over, and the actions of the wallet screens.
 */
import type { EmbeddedWallet } from '../../../protocol/embedded-wallet.js';
import { SCREENS } from '../../../protocol/screens.js';
import { WALLET_FRAME_REQUESTS } from '../../../protocol/wallet-frame.js';
import type { Context } from '../../context.js';
import * as CODES from '../../errors/codes.js';
import { clientError } from '../../errors/gatehouse-error.js';
import { INITIAL_MFA_UI, setMfaUi } from '../../mfa/state.js';
import { requireToken } from '../../session/require-token.js';
import { WALLET_FLOW_TEXT } from '../../text/wallet-flow.js';
import { EmbeddedEthereumProvider, type ProviderWallet } from '../provider.js';
import { currentChainId, rpcClient, switchChain } from './chain.js';
import { connect } from './connect.js';
import { create, createWallet, requireWallet } from './create.js';
import { getWalletDevices, revokeWalletDevice } from './devices.js';
import { exportWallet } from './export.js';
import * as password from './password.js';
import { FUND_OR_RETRY, populateTransaction, sendTransaction, signTransaction } from './send.js';
import { ethSign, SIGN_RETRY, signMessage, signTypedData } from './sign.js';
import { currentWallet, onWalletState, WALLET_REQUEST, walletState } from './state.js';
import { ownPrompts } from './surface.js';
import type { WalletActions } from './ui-state.js';

export { connect, connectInBackground } from './connect.js';

/** The frame added ahead of a creation (loaders/embedded-wallet.ts prepareWalletFrame); a failure waits for the creation. */
export function prepareFrame(ctx: Context): void {
  walletState(ctx)
    .proxy.ready()
    .catch(() => {});
}
export { createInBackground, createOnLogin } from './create.js';

/** `LoginWidget.setWalletPassword()`: PASSWORD_UPDATE_SPLASH_SCREEN, then the steps in the surface; resolves at 'done'. */
async function setWalletPassword(ctx: Context): Promise<EmbeddedWallet> {
  await requireToken(ctx.session);
  const wallet = currentWallet(ctx);
  if (!wallet) throw clientError(CODES.embeddedWalletNotFound, WALLET_FLOW_TEXT.mustHaveWallet);
  if (wallet.recoveryMethod === 'user-passcode') {
    throw clientError(CODES.passwordAlreadyExists, WALLET_FLOW_TEXT.passwordAlreadySet);
  }
  return ctx.modal.run(async (task) => {
    await connect(ctx, { interactive: true, task, withScreen: true });
    await password.passwordFlow(ctx, task, {
      automatic: false,
      splash: true,
      screen: SCREENS.embeddedWalletPasswordUpdate,
      failureText: WALLET_FLOW_TEXT.settingPasswordFailed,
      submit: async (prompts) => {
        const accessToken = await requireToken(ctx.session);
        const request = { accessToken, address: wallet.address };
        await walletState(ctx).proxy.request(WALLET_FRAME_REQUESTS.setRecoveryPassword, request, prompts);
        await ctx.session.refresh();
      },
    });
    return requireWallet(ctx);
  });
}

/**
 * A change of the account the provider refused for want of a step-up (api/client.ts): the user
 * confirms it in the surface (on the open task's screen, or in a modal of its own), then the change
 * is asked again. Resolves once approved; rejects when the user gave up.
 */
export async function approveStepUp(ctx: Context, ticket: string): Promise<void> {
  const accessToken = await requireToken(ctx.session);
  const address = currentWallet(ctx)?.address;
  // 'Verify your identity' is MFA_ENROLLMENT_FLOW_SCREEN's surface step.
  setMfaUi(ctx, { ...INITIAL_MFA_UI, step: 'surface' });
  const own = ownPrompts(ctx, SCREENS.mfaEnrollmentFlow);
  const request = address ? { accessToken, ticket, address } : { accessToken, ticket };
  try {
    await walletState(ctx).proxy.request(WALLET_FRAME_REQUESTS.stepUp, request, own);
  } finally {
    own.done();
  }
}

/** The wallet as its EIP-1193 provider sees it. */
function providerWallet(ctx: Context): ProviderWallet {
  return {
    wallet: () => currentWallet(ctx),
    connect: (interactive) => connect(ctx, { interactive }),
    currentChainId: () => currentChainId(ctx),
    switchChain: (id) => switchChain(ctx, id),
    rpcClient: (chainId) => rpcClient(ctx, chainId),
    signMessage: (message) => signMessage(ctx, message),
    ethSign: (message) => ethSign(ctx, message),
    signTypedData: (data) => signTypedData(ctx, data),
    signTransaction: (request) => signTransaction(ctx, request),
    populateTransaction: (request) => populateTransaction(ctx, request),
    sendTransaction: (request) => sendTransaction(ctx, request),
  };
}

/** `LoginWidget.getEthereumProvider()`: one EIP-1193 provider per page. */
function getEthereumProvider(ctx: Context): EmbeddedEthereumProvider {
  const state = walletState(ctx);
  state.provider ??= new EmbeddedEthereumProvider(providerWallet(ctx));
  return state.provider;
}

// Once the user has an embedded wallet, the page's dapps find it (EIP-6963): a chunk of its own,
// fetched again at the next change of the user when it failed to load.
onWalletState.made = (ctx) =>
  ctx.stores.$user.subscribe(() => {
    if (!currentWallet(ctx)) return;
    import('./announce.js').then(
      (m) => m.announce(ctx, getEthereumProvider(ctx)),
      () => {},
    );
  });

/** The embedded wallet's methods of window.LoginWidget (protocol/loader.ts EMBEDDED_WALLET_METHODS). */
export const METHODS = {
  createWallet: (ctx: Context) => createWallet(ctx),
  signMessage: (ctx: Context, message?: unknown, ui?: unknown) => signMessage(ctx, message, ui ?? {}),
  signTypedData: (ctx: Context, data?: unknown, ui?: unknown) => signTypedData(ctx, data, ui ?? {}),
  sendTransaction: (ctx: Context, request?: unknown, ui?: unknown) =>
    sendTransaction(ctx, request as never, ui ?? {}),
  exportWallet: (ctx: Context) => exportWallet(ctx),
  setWalletPassword: (ctx: Context) => setWalletPassword(ctx),
  getEthereumProvider: (ctx: Context) => getEthereumProvider(ctx),
  getWalletDevices: (ctx: Context) => getWalletDevices(ctx),
  revokeWalletDevice: (ctx: Context, id?: unknown) => revokeWalletDevice(ctx, id),
};

const actions = new WeakMap<Context, WalletActions>();

/** What the wallet screens call: their answers to the flow that waits on them. */
export function walletActions(ctx: Context): WalletActions {
  let made = actions.get(ctx);
  if (made) return made;
  made = {
    addFunds: async () => {
      await ctx.modal.answer(FUND_OR_RETRY, 'fund');
    },
    retry: async () => {
      // The sign screen's Try again, or the send screen's: only the open question takes it.
      (await ctx.modal.answer(SIGN_RETRY)) || (await ctx.modal.answer(FUND_OR_RETRY, 'retry'));
    },
    cancelWalletRequest: () => {
      if (ctx.modal.taskKind === WALLET_REQUEST) ctx.modal.close();
    },
    beginWalletPassword: () => void password.beginWalletPassword(ctx),
    cancelWalletPassword: () => password.cancelWalletPassword(ctx),
  };
  actions.set(ctx, made);
  return made;
}

/** What the wallet screens render. */
export const walletUi = (ctx: Context) => walletState(ctx).$ui;

export { create };
