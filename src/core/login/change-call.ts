/**
 * A change of the user's accounts (link, unlink, update): for a user with an embedded wallet the
 * provider wants a step-up first (403 step_up_required, with its ticket). The user confirms it in
 * the wallet's provider-origin surface — this page never sees the code — and the very same call is
 * made again.
 */
import { STEP_UP_REQUIRED } from '../../protocol/step-up.js';
import type { Context } from '../context.js';
import { GatehouseError } from '../errors/gatehouse-error.js';
import { loadEmbeddedWallet } from '../loaders/embedded-wallet.js';
import { requireToken } from '../session/require-token.js';

/** The ticket id of a step_up_required refusal, else undefined. */
function ticketOf(error: unknown): string | undefined {
  if (!(error instanceof GatehouseError) || error.code !== STEP_UP_REQUIRED) return undefined;
  const ticket = (error.details as { ticket?: { id?: unknown } } | undefined)?.ticket;
  return typeof ticket?.id === 'string' ? ticket.id : undefined;
}

/** POSTs the change with the session's token; after a step-up approved in the surface, once more. */
export async function postChange<T>(ctx: Context, path: string, body: unknown): Promise<T> {
  try {
    return await ctx.api.post<T>(path, body, await requireToken(ctx.session));
  } catch (error) {
    const ticket = ticketOf(error);
    if (ticket === undefined) throw error;
    await (await loadEmbeddedWallet()).approveStepUp(ctx, ticket);
    return ctx.api.post<T>(path, body, await requireToken(ctx.session));
  }
}
