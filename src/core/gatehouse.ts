/**
 * The client the widget bundle starts (widget/index.ts): its context, its start, and the calls of
 * window.LoginWidget, dispatched through the method table (host/methods.ts). Framework-free; the
 * widget renders the context's stores and calls core's functions with it.
 */
import { type Context, createContext, type GatehouseOptions } from './context.js';
import * as CODES from './errors/codes.js';
import { clientError, orUnreachable } from './errors/gatehouse-error.js';
import { MESSAGES } from './errors/messages.js';
import { isWidgetMethod, METHODS } from './host/methods.js';
import { start } from './host/start.js';
import { adoptForkedToken } from './session/forked-token.js';

export class Gatehouse {
  readonly ctx: Context;
  /** Settles once the app configuration and the stored session are known (rejects when they cannot be). */
  readonly ready: Promise<void>;

  constructor(options: GatehouseOptions) {
    this.ctx = createContext(options);
    adoptForkedToken(this.ctx.storage);
    this.ready = start(this.ctx);
    this.ready.catch(() => {});
  }

  /** A call forwarded by the loader; never throws, every failure is a rejection. */
  call(method: string, args: unknown[]): Promise<unknown> {
    if (!isWidgetMethod(method)) {
      return Promise.reject(clientError(CODES.unknownMethod, MESSAGES.unknownMethod(method)));
    }
    try {
      // A file of the widget that did not arrive is the one clear error, whichever call met it.
      return Promise.resolve(METHODS[method](this.ctx, this.ready, args)).catch((error: unknown) => {
        throw orUnreachable(error);
      });
    } catch (error) {
      return Promise.reject(error);
    }
  }
}
