/**
 * A Farcaster signer (§4.4): the frame makes an Ed25519 key and keeps it (never in a message to
 * the host); the provider asks the Farcaster client's signed-key-request API for an approval link,
 * which AWAITING_FARCASTER_SIGNER shows (QR code on desktop, a button on a phone) while the key's
 * status is read every 2 s: approved (the user refreshed, its signerPublicKey set, the modal closes
 * after the success pause), revoked ('Request rejected'), or 300 s ('Connect failed').
 */
import {
  FARCASTER_API_PATHS,
  type FarcasterSignerBody,
  type FarcasterSignerResponse,
} from '../../protocol/farcaster.js';
import { FARCASTER_FRAME_REQUESTS } from '../../protocol/farcaster-frame.js';
import { SCREENS } from '../../protocol/screens.js';
import type { Context } from '../context.js';
import { clientError } from '../errors/gatehouse-error.js';
import { closeDelay } from '../login/finish.js';
import type { Question } from '../modal/question.js';
import { isCancelled, type Task } from '../modal/task.js';
import { requireToken } from '../session/require-token.js';
import { connect } from '../wallet/embedded/connect.js';
import { FarcasterFlowError } from './errors.js';
import { farcasterRequest } from './frame.js';
import { farcasterRequirementError } from './requirements.js';
import { pollFarcasterSigner } from './signer-poller.js';
import { resetFarcasterUi, setFarcasterUi } from './state.js';

/** §5: what the user lacks for a signer (needSigner false) or an action, thrown with its code. */
export function requireFarcaster(ctx: Context, needSigner: boolean): void {
  const user = ctx.stores.$user.get();
  if (!user) return;
  const problem = farcasterRequirementError(user, needSigner);
  if (problem) throw clientError(problem.code, problem.message);
}

/** AWAITING_FARCASTER_SIGNER's Try again, after a failed approval. */
export const SIGNER_RETRY: Question = { screen: SCREENS.awaitingFarcasterSigner };

async function approval(ctx: Context, task: Task, signer: FarcasterSignerResponse) {
  setFarcasterUi(ctx, { approvalUrl: signer.signer_approval_url, status: 'waiting', error: null });
  task.show(SCREENS.awaitingFarcasterSigner);
  const body: FarcasterSignerBody = { ed25519_public_key: signer.public_key };
  const approved = await pollFarcasterSigner({
    check: async () =>
      ctx.api.post<FarcasterSignerResponse>(
        FARCASTER_API_PATHS.signerStatus,
        body,
        await requireToken(ctx.session),
      ),
    signal: task.signal,
  });
  await ctx.session.refresh();
  setFarcasterUi(ctx, { status: 'connected' });
  ctx.modal.closeAfter(closeDelay(ctx));
  return approved;
}

async function signerFlow(ctx: Context, task: Task): Promise<FarcasterSignerResponse> {
  for (;;) {
    resetFarcasterUi(ctx);
    const address = await connect(ctx, { interactive: true, task, withScreen: true });
    const accessToken = await requireToken(ctx.session);
    const signer = await task.until(
      farcasterRequest(ctx, FARCASTER_FRAME_REQUESTS.initSigner, { accessToken, address }),
    );
    if (signer.status === 'approved') return signer;
    try {
      return await approval(ctx, task, signer);
    } catch (error) {
      if (isCancelled(error) || !(error instanceof FarcasterFlowError)) throw error;
      setFarcasterUi(ctx, { status: 'failed', error });
      await task.ask(SIGNER_RETRY);
    }
  }
}

/** `LoginWidget.requestFarcasterSigner()`: resolves with the approved signer. */
export async function requestFarcasterSigner(ctx: Context): Promise<FarcasterSignerResponse> {
  await requireToken(ctx.session);
  requireFarcaster(ctx, false);
  return ctx.modal.run((task) => signerFlow(ctx, task), 'farcaster-signer');
}
