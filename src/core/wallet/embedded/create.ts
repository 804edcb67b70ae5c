/**
 * Creating the embedded wallet (§4.2, §4.6): access token, the frame (30 s; 15 s from the API),
 * `wallet:create` (10 s, identical pending calls shared), the user refreshed, the wallet required
 * in it; then `wallet:created`. On login it has its screens; with requireUserPasswordOnCreate the
 * password steps come first.
 */
import type { User } from '../../../protocol/client.js';
import { type EmbeddedWallet, WALLET_CREATED_AUTO_CLOSE_MS } from '../../../protocol/embedded-wallet.js';
import { EVENTS } from '../../../protocol/events.js';
import { SCREENS } from '../../../protocol/screens.js';
import type { PromptMessage } from '../../../protocol/surface.js';
import type { WalletFrameReplyData } from '../../../protocol/wallet-frame.js';
import type { Context } from '../../context.js';
import * as CODES from '../../errors/codes.js';
import { clientError, toGatehouseError } from '../../errors/gatehouse-error.js';
import { SESSION_MESSAGES } from '../../errors/messages.js';
import { emit } from '../../events.js';
import type { Task } from '../../modal/task.js';
import { requireToken } from '../../session/require-token.js';
import { walletSettings } from '../../settings/wallet.js';
import { WALLET_FLOW_TEXT } from '../../text/wallet-flow.js';
import { connect } from './connect.js';
import { walletFailureText } from './failure.js';
import { passwordFlow } from './password.js';
import { WalletProxyError } from './proxy.js';
import { currentWallet, fire, update, walletState } from './state.js';
import { hideSurface, ownPrompts, showPrompts } from './surface.js';
import { INITIAL_WALLET_UI, type WalletCreateUi } from './ui-state.js';

export function requireWallet(ctx: Context): EmbeddedWallet {
  const wallet = currentWallet(ctx);
  if (!wallet) throw clientError(CODES.embeddedWalletNotFound, WALLET_FLOW_TEXT.missingEmbeddedWallet);
  return wallet;
}

/** The user read again after a creation; the provider's record is the truth. */
async function refreshUser(ctx: Context): Promise<void> {
  try {
    await ctx.session.refresh();
  } catch (error) {
    throw clientError(CODES.unknown, WALLET_FLOW_TEXT.refreshUserFailed, error);
  }
}

/** How a creation shows what it asks of the user (a password, in the surface), and when it is given up. */
interface CreatePrompts {
  onPrompt?: ((prompt: PromptMessage['prompt']) => void) | undefined;
  signal?: AbortSignal | undefined;
}

/** The app asks new wallets to be under the user's passkey (the password steps then only where it cannot). */
const passkeyFirst = (ctx: Context): boolean => walletSettings(ctx).recovery === 'passkey';

/** The password steps come before the creation (requireUserPasswordOnCreate, and no passkey first). */
const passwordFirst = (ctx: Context): boolean => walletSettings(ctx).requirePassword && !passkeyFirst(ctx);

/** `wallet:create`'s data: the password first, the passkey first (the password where it cannot), or neither. */
function createRequest(ctx: Context, accessToken: string, withPassword: boolean, automatic: boolean) {
  if (passkeyFirst(ctx)) {
    const fallback = walletSettings(ctx).requirePassword ? { fallback: 'user-passcode' as const } : {};
    return { accessToken, recoveryMethod: 'passkey' as const, automatic, ...fallback };
  }
  return withPassword
    ? { accessToken, recoveryMethod: 'user-passcode' as const, automatic }
    : { accessToken, automatic };
}

/** Why the wallet is not under the passkey the app asked for, in the catalogue's words; else null. */
function fallbackNotice(reply: WalletFrameReplyData['wallet:create']): string | null {
  if (!reply.passkeyFallback) return null;
  const texts = WALLET_FLOW_TEXT.passkeyFallback[reply.passkeyFallback];
  return reply.recoveryMethod === 'user-passcode' ? texts.password : texts.login;
}

/**
 * The §4.6 steps; `fromApi` when the host asked (createWallet), for the shorter frame wait.
 * `withPassword`: the password is set in the surface first (the frame also asks for one itself
 * when the provider refuses silent recovery for this user). With passkey recovery the frame asks
 * the passkey first; where it cannot, `create.notice` says what protects the wallet instead.
 */
async function makeWallet(
  ctx: Context,
  fromApi: boolean,
  withPassword: boolean,
  prompts: CreatePrompts = {},
): Promise<EmbeddedWallet> {
  const state = walletState(ctx);
  const accessToken = await requireToken(ctx.session, WALLET_FLOW_TEXT.loginAgain);
  const request = createRequest(ctx, accessToken, withPassword, !fromApi);
  setCreate(ctx, { notice: null });
  // The surface of a password the frame asked for goes with the request.
  const shown = new Set<string>();
  const onPrompt = (prompt: PromptMessage['prompt']) => {
    shown.add(prompt.id);
    prompts.onPrompt?.(prompt);
  };
  const reply = await state.proxy
    .create(request, { fromApi, signal: prompts.signal, onPrompt })
    .finally(() => {
      if (shown.has(state.$ui.get().surface?.prompt ?? '')) hideSurface(ctx);
    });
  await refreshUser(ctx);
  const wallet = currentWallet(ctx);
  if (!wallet || wallet.address.toLowerCase() !== reply.address.toLowerCase()) {
    throw clientError(CODES.embeddedWalletNotFound, WALLET_FLOW_TEXT.missingEmbeddedWallet);
  }
  state.address = wallet.address;
  setCreate(ctx, { notice: fallbackNotice(reply) });
  // The provider's record says whether the password was set: 'user-passcode' recovery.
  if (withPassword && wallet.recoveryMethod !== 'user-passcode') {
    throw clientError(CODES.unknownEmbeddedWalletError, WALLET_FLOW_TEXT.passwordAfterCreateFailed);
  }
  emit(ctx.events, EVENTS.walletCreated, wallet);
  fire(state, 'accountsChanged', [wallet.address]);
  return wallet;
}

/** The provider keeps one wallet per user and refused another: a second tab, or an earlier load, made it. */
const alreadyMade = (error: unknown): boolean =>
  error instanceof WalletProxyError && error.message === WALLET_FLOW_TEXT.onlyOneWallet;

/** That wallet, read from the provider and loaded on this device silently (recovered when the share is elsewhere). */
async function adoptMade(ctx: Context, refusal: unknown): Promise<EmbeddedWallet> {
  await refreshUser(ctx);
  const wallet = currentWallet(ctx);
  if (!wallet) throw refusal;
  connect(ctx, { interactive: false }).catch(() => {});
  return wallet;
}

/**
 * Creates the user's wallet. Without a password one creation at a time runs in a page (the
 * login's, a resumed one, the host's createWallet share it); a refusal because the user has one
 * by now recovers that one instead. Its prompts (a password the frame asks for) show on `prompts`,
 * or in a modal of their own.
 */
export function create(ctx: Context, fromApi: boolean, prompts?: CreatePrompts): Promise<EmbeddedWallet> {
  const state = walletState(ctx);
  if (state.creating) return state.creating;
  const own = prompts ? null : ownPrompts(ctx, SCREENS.embeddedWalletOnAccountCreate);
  const made = makeWallet(ctx, fromApi, false, prompts ?? own ?? {})
    .catch((error: unknown) => {
      if (!alreadyMade(error)) throw error;
      return adoptMade(ctx, error);
    })
    .finally(() => own?.done());
  state.creating = made;
  const done = () => {
    if (state.creating === made) state.creating = null;
  };
  made.then(done, done);
  return made;
}

/**
 * A wallet a login should have made and did not (the page went away while 'Creating your
 * wallet' showed): made silently on the next load. A failure waits for the load after.
 */
export function createInBackground(ctx: Context): void {
  if (currentWallet(ctx) || walletSettings(ctx).requirePassword || passkeyFirst(ctx)) return;
  create(ctx, false).catch(() => {});
}

function setCreate(ctx: Context, patch: Partial<WalletCreateUi>): void {
  const state = walletState(ctx);
  update(state, { create: { ...state.$ui.get().create, ...patch } });
}

/**
 * §8 wallet creation texts for a failure: log in again without a token, one wallet per user, rate
 * limited, "We're on it" when the provider failed on its side, else try again.
 */
function creationErrorText(error: unknown): string {
  const failure = toGatehouseError(error);
  if (failure.code === CODES.mustBeAuthenticated) return WALLET_FLOW_TEXT.loginAgain;
  if (failure.message === WALLET_FLOW_TEXT.onlyOneWallet) return WALLET_FLOW_TEXT.onlyOneWallet;
  const sideOfProvider = error instanceof WalletProxyError && error.walletErrorType === 'error';
  return walletFailureText(error, sideOfProvider ? WALLET_FLOW_TEXT.tryLater : WALLET_FLOW_TEXT.genericError);
}

/**
 * Creates with or without the password steps first (in the surface, on the creation screen); with
 * passkey recovery the frame asks the passkey there first (and the password only where it cannot).
 */
async function createWithSettings(ctx: Context, task: Task, automatic: boolean): Promise<EmbeddedWallet> {
  if (!passwordFirst(ctx)) {
    const onPrompt = showPrompts(ctx, task, () => SCREENS.embeddedWalletOnAccountCreate);
    return create(ctx, !automatic, { onPrompt, signal: task.signal });
  }
  await passwordFlow(ctx, task, {
    automatic,
    screen: SCREENS.embeddedWalletOnAccountCreate,
    failureText: WALLET_FLOW_TEXT.creationFailed,
    submit: async (prompts) => {
      await makeWallet(ctx, !automatic, true, prompts);
    },
  });
  return requireWallet(ctx);
}

/**
 * After the wallet exists: the created screen for a new user (auto-close 2.5 s), else the modal
 * closes; with a notice (no passkey), the created screen says it and stays until the user closes it.
 */
function afterCreated(ctx: Context, task: Task, isNewUser: boolean): void {
  if (!ctx.modal.isOpen || passwordFirst(ctx)) return; // the password's 'done' closes itself
  const { notice } = walletState(ctx).$ui.get().create;
  if (!isNewUser && !notice) {
    ctx.modal.closeAfter(0);
    return;
  }
  task.show(SCREENS.embeddedWalletCreated);
  if (!notice) ctx.modal.closeAfter(WALLET_CREATED_AUTO_CLOSE_MS);
}

/**
 * The end of a login that creates a wallet (§4.2): the creation screen after the success's
 * `pause` (900 ms in a dialog), the password steps first when required, then the created screen
 * or the modal closes. Without a password the wallet is made during the pause already (the frame
 * loads, the key is derived); the creation screen shows only if it is still under way.
 * Resolves with the updated user; a failure logs out, fires `login:error` and resolves null.
 */
export async function createOnLogin(
  ctx: Context,
  task: Task,
  isNewUser: boolean,
  pause: Promise<void>,
): Promise<User | null> {
  const requirePassword = passwordFirst(ctx);
  const shown = ctx.modal.isOpen;
  // A user with nothing to confirm a new device with is asked for a password in the surface: on this task.
  const onPrompt = showPrompts(ctx, task, () => SCREENS.embeddedWalletOnAccountCreate);
  const early = requirePassword ? null : create(ctx, false, { onPrompt, signal: task.signal });
  let made = false;
  early?.then(
    () => {
      made = true;
    },
    () => {},
  );
  await pause;
  const creating: WalletCreateUi = { ...INITIAL_WALLET_UI.create, status: 'creating', isNewUser };
  // A creation done during the pause has said already why the passkey could not protect it.
  const { notice } = walletState(ctx).$ui.get().create;
  setCreate(ctx, { ...creating, passwordRequired: requirePassword, notice });
  if ((shown && !made) || requirePassword) task.show(SCREENS.embeddedWalletOnAccountCreate);
  try {
    const wallet = await (early ?? createWithSettings(ctx, task, true));
    setCreate(ctx, { status: 'created', address: wallet.address });
    afterCreated(ctx, task, isNewUser);
    return ctx.stores.$user.get();
  } catch (error) {
    const failure = toGatehouseError(error);
    const text = creationErrorText(error);
    setCreate(ctx, { status: 'error', error: text });
    await ctx.session.logout();
    setCreate(ctx, { ...creating, status: 'error', error: text });
    emit(ctx.events, EVENTS.loginError, { code: failure.code, message: failure.message });
    return null;
  }
}

/** `LoginWidget.createWallet()`: with requireUserPasswordOnCreate the password steps open first. */
export async function createWallet(ctx: Context): Promise<EmbeddedWallet> {
  if (!ctx.session.authenticated) {
    throw clientError(CODES.mustBeAuthenticated, SESSION_MESSAGES.mustBeAuthenticated);
  }
  if (currentWallet(ctx))
    throw clientError(CODES.embeddedWalletAlreadyExists, WALLET_FLOW_TEXT.onlyOneWallet);
  const passkey = passkeyFirst(ctx);
  if (!walletSettings(ctx).requirePassword && !passkey) return create(ctx, true);
  return ctx.modal.run(async (task) => {
    setCreate(ctx, { ...INITIAL_WALLET_UI.create, status: 'creating', passwordRequired: !passkey });
    task.show(SCREENS.embeddedWalletOnAccountCreate);
    const wallet = await createWithSettings(ctx, task, false);
    // With a passkey asked, the modal shows the passkey (or why not), then closes.
    if (passkey) {
      setCreate(ctx, { status: 'created', address: wallet.address });
      afterCreated(ctx, task, false);
    }
    return wallet;
  });
}
