/**
 * The provider-origin surface on the host's screens (protocol/surface.ts): when the wallet frame
 * needs the user for a request, the flow shows the screen of that step with the surface in it — an
 * iframe of the provider's origin, sized to what it reports, that holds every approval, password
 * and code. This page only frames it: it learns the surface's height and an Escape pressed in it,
 * from the provider's origin exactly, and never anything typed there.
 */
import { STORAGE_KEYS } from '../../../protocol/constants.js';
import type { ScreenName } from '../../../protocol/screens.js';
import { SCREENS } from '../../../protocol/screens.js';
import {
  type PromptMessage,
  SURFACE_HOST_MESSAGES,
  SURFACE_QUERY,
  type SurfaceHostMessage,
  surfacePath,
} from '../../../protocol/surface.js';
import { WALLET_FRAME_QUERY, WALLET_FRAME_SOURCE } from '../../../protocol/wallet-frame.js';
import type { Context } from '../../context.js';
import type { Task } from '../../modal/task.js';
import { update, walletState } from './state.js';

type Prompt = PromptMessage['prompt'];

/** The clients whose surfaces' messages are watched (once each, for the page's life). */
const watched = new WeakSet<Context>();

/** The surface's URL for a prompt: its id and this page's origin (the widget adds the look). */
function surfaceUrl(ctx: Context, prompt: string): string {
  const url = new URL(surfacePath(ctx.appId), ctx.options.apiUrl);
  const params: Record<string, string> = {
    [SURFACE_QUERY.prompt]: prompt,
    [WALLET_FRAME_QUERY.origin]: ctx.options.walletFrame?.hostOrigin ?? globalThis.location?.origin ?? '',
    [WALLET_FRAME_QUERY.clientAnalyticsId]: ctx.storage.getItem(STORAGE_KEYS.clientAnalyticsId) ?? '',
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** The screen a prompt shows on, unless the flow keeps its own: by the kind of what it asks. */
function screenOfPrompt(prompt: Prompt): ScreenName | null {
  switch (prompt.kind) {
    case 'sign-message':
    case 'sign-typed-data':
      return SCREENS.embeddedWalletSignRequest;
    case 'transaction':
      return SCREENS.embeddedWalletSendTransaction;
    case 'password-enter':
      return SCREENS.embeddedWalletRecovery;
    case 'export':
      return SCREENS.embeddedWalletKeyExport;
    case 'mfa-enroll':
      return SCREENS.mfaEnrollmentFlow;
    case 'verify':
      // A new device: 'Load your account'. A verification inside a step keeps the step's screen.
      return prompt.purpose === 'new_device' ? SCREENS.embeddedWalletRecovery : null;
    default:
      return null;
  }
}

/**
 * Shows the prompts of one request on `task`: the surface in the state the screens render, on the
 * screen of its kind (`screen`, when given, decides instead; null keeps the current one).
 */
export function showPrompts(
  ctx: Context,
  task: Pick<Task, 'show'>,
  screen: (prompt: Prompt) => ScreenName | null = screenOfPrompt,
): (prompt: Prompt) => void {
  if (!watched.has(ctx)) {
    watched.add(ctx);
    watchSurfaces(ctx);
  }
  return (prompt) => {
    const state = walletState(ctx);
    const current = state.$ui.get().surface;
    const url = current?.prompt === prompt.id ? current.url : surfaceUrl(ctx, prompt.id);
    update(state, { surface: { url, prompt: prompt.id, kind: prompt.kind, height: current?.height ?? 0 } });
    const target = screen(prompt);
    if (target) task.show(target);
  };
}

/** The surface is gone from the screens (its request is over). */
export function hideSurface(ctx: Context): void {
  update(walletState(ctx), { surface: null });
}

/**
 * While the modal shows surfaces: their height, and Escape pressed inside one (focus in its
 * frame never reaches the modal's own handler), from the provider's origin exactly. Returns how to stop.
 */
function watchSurfaces(ctx: Context): () => void {
  const providerOrigin = new URL(ctx.options.apiUrl).origin;
  const messages = ctx.options.walletFrame?.messages ?? globalThis;
  const state = walletState(ctx);
  const listener = (event: Event): void => {
    const { data, origin } = event as MessageEvent;
    const message = data as Partial<SurfaceHostMessage> | null;
    if (origin !== providerOrigin || message?.source !== WALLET_FRAME_SOURCE) return;
    const surface = state.$ui.get().surface;
    if (!surface || message.prompt !== surface.prompt) return;
    if (message.type === SURFACE_HOST_MESSAGES.escape) ctx.modal.close();
    if (message.type === SURFACE_HOST_MESSAGES.size && typeof message.height === 'number') {
      const height = Math.max(0, Math.min(Math.round(message.height), 2000));
      if (height !== surface.height) update(state, { surface: { ...surface, height } });
    }
  };
  messages.addEventListener('message', listener);
  return () => messages.removeEventListener('message', listener);
}

/** A request's prompts when no screen asked for it (the host's createWallet, a change's step-up). */
export interface OwnPrompts {
  onPrompt: (prompt: Prompt) => void;
  /** Aborts when the user closes the modal the prompts opened. */
  signal: AbortSignal;
  /** The request is over: the modal its prompts opened closes. */
  done(): void;
}

/**
 * The prompts of a request started without a screen of its own. Inside a flow that waits on it (a
 * link's code, posted from its screen), they show on that flow's modal, which comes back to its
 * screen after; closing it gives the request up. Otherwise the first opens the modal (a task of
 * their own, on the screen of its kind, or `screen`), which stays until the request is over;
 * closing it gives the request up.
 */
export function ownPrompts(ctx: Context, screen: ScreenName | null = null): OwnPrompts {
  const controller = new AbortController();
  let finish = (): void => {};
  const ended = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const target = (shown: Prompt) => screenOfPrompt(shown) ?? screen ?? SCREENS.mfaEnrollmentFlow;
  // A new task would replace the flow, which would then never hear how its request ended.
  const flow = ctx.modal.taskSignal;
  flow?.addEventListener('abort', () => controller.abort(flow.reason), { once: true });
  let back: ScreenName | null = null;
  let show: ((prompt: Prompt) => void) | null = null;
  const onPrompt = (prompt: Prompt): void => {
    if (show) {
      show(prompt);
      return;
    }
    if (flow && !flow.aborted) {
      back = ctx.modal.$modal.get().screen;
      show = showPrompts(ctx, { show: (next) => ctx.modal.show(next) }, target);
      show(prompt);
      return;
    }
    show = () => undefined;
    ctx.modal
      .run(async (task) => {
        task.signal.addEventListener('abort', () => controller.abort(task.signal.reason), { once: true });
        show = showPrompts(ctx, task, target);
        show(prompt);
        await task.until(ended);
        ctx.modal.closeAfter(0);
      })
      .catch(() => controller.abort());
  };
  return {
    onPrompt,
    signal: controller.signal,
    done: () => {
      finish();
      hideSurface(ctx);
      if (back && !flow?.aborted) ctx.modal.show(back);
    },
  };
}
