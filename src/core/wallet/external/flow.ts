/**
 * The wallet flow behind AWAITING_CONNECTION (§4.4): connect the chosen wallet, then sign in with
 * it — at once after a fresh connection, or on 'Sign with your wallet' when the wallet was already
 * connected — and log in or link (Sign-In With Ethereum), or only connect. A failure stays on the
 * screen with its §8 text and 'Retry' (after CONNECT_RETRY_LIMIT retries, 'Unable to connect
 * wallet'); closing while a wallet pairs is 'User rejected connection'.
 */
import type { AuthResult, UserWire } from '../../../protocol/api.js';
import { CONNECT_RETRY_LIMIT } from '../../../protocol/external-wallet.js';
import { SCREENS } from '../../../protocol/screens.js';
import {
  SIWE_API_PATHS,
  type SiweAuthenticateBody,
  type SiweInitResponse,
} from '../../../protocol/siwe-api.js';
import * as CODES from '../../errors/codes.js';
import { clientError, GatehouseError, toGatehouseError } from '../../errors/gatehouse-error.js';
import { captchaToken } from '../../login/captcha-gate.js';
import { postChange } from '../../login/change-call.js';
import { linkFailed, showFailure } from '../../login/failure.js';
import { loginOutcome, type Outcome } from '../../login/outcome.js';
import { loginFailed } from '../../login/refused.js';
import type { Question } from '../../modal/question.js';
import { isCancelled, type Task } from '../../modal/task.js';
import { EXTERNAL_WALLET_TEXT } from '../../text/external-wallet.js';
import { connect } from './connections.js';
import type { WalletConnector } from './connectors.js';
import { connectorError, describeWalletError, providerCode } from './errors.js';
import { siweMessage, utf8ToHex } from './siwe.js';
import { type ExternalWallets, lower } from './state.js';

/** What the flow does next: it is done (with an outcome), or waits for 'Retry' or 'Sign with your wallet'. */
type Next = { done: Outcome } | { wait: true };
const WAIT: Next = { wait: true };

/**
 * One flow's attempts: whether this flow made the connection (then signing starts by itself), and
 * the captcha token solved before it (§4.4), for the first sign-in.
 */
export interface Attempt {
  wallet: WalletConnector;
  byFlow: boolean;
  captcha?: string | undefined;
}

/** The host hears of a failure: `link:error` for a link, `login:error` for a login. */
function report(w: ExternalWallets, failure: GatehouseError): void {
  const { mode } = w.$flow.get();
  if (mode === 'link') linkFailed(w.ctx, failure);
  else if (mode === 'login') loginFailed(w.ctx, failure);
}

/**
 * §8 unknown_connect_wallet_error: a connection failed in no way a wallet answers (the connector's
 * code did not load, its SDK threw): this wallet cannot be used here, LOGIN_FAILED_SCREEN.
 */
export function unknownConnectFailure(w: ExternalWallets, error: unknown): Outcome {
  w.updateFlow({ status: 'disconnected', pairingUri: null });
  w.ctx.modal.navigate(SCREENS.loginFailed);
  report(w, connectorError(CODES.unknownConnectWalletError, EXTERNAL_WALLET_TEXT.loginFailedTitle, error));
  return null;
}

/** §8: the failure shows on the awaiting screen (allowlist rejections on theirs). */
function fail(w: ExternalWallets, error: unknown, connecting = false): Next {
  const { ctx } = w;
  const failure = toGatehouseError(error);
  if (failure.code === CODES.allowlistRejected) {
    showFailure(ctx, failure);
    return { done: null };
  }
  let described = describeWalletError(error, connecting);
  const failures = w.$flow.get().failures + 1;
  if (described.retryable && failures > CONNECT_RETRY_LIMIT) {
    described = { ...described, message: EXTERNAL_WALLET_TEXT.unableToConnect, retryable: false };
  }
  w.updateFlow({ error: described, failures, signing: false, signIntent: false });
  ctx.modal.updateFlow({ busy: false });
  report(w, new GatehouseError({ ...failure, code: described.code as never, message: described.message }));
  return WAIT;
}

/** Nonce, the wallet's signature, then siwe/authenticate (a login) or siwe/link. */
async function signIn(w: ExternalWallets, captcha: string | undefined): Promise<Outcome> {
  const { ctx } = w;
  const connection = w.current();
  if (!connection) throw connectorError(CODES.walletNotConnected, EXTERNAL_WALLET_TEXT.notConnected);
  const init = await ctx.api.post<SiweInitResponse>(SIWE_API_PATHS.init, {
    address: connection.address,
    token: captcha,
  });
  const location = w.page.location ?? globalThis.location;
  const message = siweMessage({
    domain: location.host,
    address: init.address,
    uri: location.origin,
    chainId: connection.chainId,
    nonce: init.nonce,
    issuedAt: new Date(w.now()).toISOString(),
  });
  w.updateFlow({ signing: true });
  const signature = await w.request(connection, 'personal_sign', [utf8ToHex(message), connection.address]);
  if (typeof signature !== 'string') {
    throw connectorError(CODES.genericConnectWalletError, EXTERNAL_WALLET_TEXT.couldNotLogIn);
  }
  const { chainId, walletClientType, connectorType } = connection;
  const body: SiweAuthenticateBody = { message, signature, chainId, walletClientType, connectorType };
  if (w.$flow.get().mode === 'login') {
    const result = await ctx.api.post<AuthResult>(SIWE_API_PATHS.authenticate, body);
    const user = ctx.session.signIn(result);
    w.updateFlow({ signing: false });
    return loginOutcome(user, result.is_new_user, 'siwe');
  }
  const user = ctx.session.setUser(await postChange<UserWire>(ctx, SIWE_API_PATHS.link, body));
  w.updateFlow({ signing: false });
  const linkedAccount = user.linkedAccounts.find(
    (a) => a.type === 'wallet' && lower(a.address) === lower(connection.address),
  );
  return linkedAccount ? { kind: 'link', user, linkMethod: 'siwe', linkedAccount } : null;
}

/** The signature: a captcha token when enabled (§4.3; the one solved first, then a new one), then the sign-in. */
async function sign(w: ExternalWallets, task: Task, attempt: Attempt): Promise<Next> {
  w.updateFlow({ signIntent: false, error: null });
  const token = attempt.captcha ?? (await captchaToken(w.ctx, task));
  attempt.captcha = undefined;
  const screen = w.awaitingScreen();
  if (w.ctx.modal.$modal.get().screen !== screen) w.ctx.modal.navigate(screen);
  try {
    return { done: await task.until(signIn(w, token)) };
  } catch (error) {
    if (isCancelled(error)) throw error;
    w.updateFlow({ signing: false });
    return fail(w, error);
  }
}

/** Connecting: closing the modal meanwhile is a refusal, 'User rejected connection' (§4.4). */
async function pair(w: ExternalWallets, task: Task, attempt: Attempt): Promise<Next | null> {
  const { uri } = attempt.wallet.provider as { uri?: string | null };
  w.updateFlow({ status: 'connecting', error: null, pairingUri: uri ?? null });
  // Said at once, as the modal closes: the flow's state is what reopening shows.
  const refused = () => {
    const refusal = connectorError(CODES.userRejectedConnection, EXTERNAL_WALLET_TEXT.userRejectedConnection);
    w.updateFlow({ status: 'disconnected', pairingUri: null, error: describeWalletError(refusal) });
  };
  task.signal.addEventListener('abort', refused, { once: true });
  try {
    const connection = await task.until(connect(w, attempt.wallet, true));
    if (!connection) return { done: null };
    attempt.byFlow = true;
    w.updateFlow({ status: 'connected', address: connection.address, pairingUri: null });
    return null;
  } catch (error) {
    if (isCancelled(error)) throw error;
    w.updateFlow({ status: 'disconnected' });
    // An EIP-1193 answer (a code) or the connector's own failure shows here, with Retry.
    const connector = error instanceof GatehouseError && error.type === 'connector_error';
    if (providerCode(error) !== undefined || connector) return fail(w, error, true);
    return { done: unknownConnectFailure(w, error) };
  } finally {
    task.signal.removeEventListener('abort', refused);
  }
}

/** One attempt: connect when not connected, then sign in (or stop at connected for a connection only). */
async function attemptOnce(w: ExternalWallets, task: Task, attempt: Attempt): Promise<Next> {
  if (!w.current()) {
    const stopped = await pair(w, task, attempt);
    if (stopped) return stopped;
  }
  const { mode, address, failures } = w.$flow.get();
  if (mode === 'connect') {
    w.ctx.modal.updateFlow({ success: true });
    w.ctx.modal.navigate(SCREENS.connectOnlyAuthenticated);
    return { done: null };
  }
  const linked = w.ctx.stores.$user.get()?.linkedAccounts;
  if (
    mode === 'link' &&
    address &&
    linked?.some((a) => a.type === 'wallet' && lower(a.address) === lower(address))
  ) {
    return fail(w, clientError(CODES.walletAlreadyLinked, EXTERNAL_WALLET_TEXT.alreadyLinked));
  }
  if (attempt.byFlow || failures > 0) return sign(w, task, attempt);
  w.updateFlow({ signIntent: true });
  return WAIT;
}

/** Between attempts, AWAITING_CONNECTION's 'Retry' or 'Sign with your wallet'. */
const NEXT_ATTEMPT: Question<'retry' | 'sign'> = { screen: SCREENS.awaitingConnection };

/** Attempts until one is done; between them the flow waits for 'Retry' or 'Sign with your wallet'. */
export async function attempts(w: ExternalWallets, task: Task, attempt: Attempt): Promise<Outcome> {
  let next = await attemptOnce(w, task, attempt);
  while ('wait' in next) {
    const answer = await task.ask(NEXT_ATTEMPT);
    next = answer === 'sign' ? await sign(w, task, attempt) : await attemptOnce(w, task, attempt);
  }
  return next.done;
}

/** 'Retry': connect again when not connected, else ask for the signature again. */
export async function retryWallet(w: ExternalWallets): Promise<void> {
  const { error } = w.$flow.get();
  if (error && !error.retryable) return;
  w.updateFlow({ error: null });
  await w.ctx.modal.answer(NEXT_ATTEMPT, 'retry');
}

/** 'Sign with your wallet'. */
export async function signWithWallet(w: ExternalWallets): Promise<void> {
  await w.ctx.modal.answer(NEXT_ATTEMPT, 'sign');
}
