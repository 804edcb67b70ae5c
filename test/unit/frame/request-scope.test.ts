/**
 * One request's scope (src/frame/request-scope.ts): its prompt opens with the first view the
 * request needs the user for, is reused for the next, ends with the answer and is cancelled with
 * the request; a quiet request never asks.
 */
import { describe, expect, it } from 'vitest';
import { PromptCancelledError } from '../../../src/frame/prompts.js';
import { quietScope, requestScope, UserActionRequiredError } from '../../../src/frame/request-scope.js';
import type { PromptMessage, SurfaceView } from '../../../src/protocol/surface.js';
import { SurfaceUser, surfaceChannel } from '../helpers/surface-channel.js';

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ENTER: SurfaceView = { kind: 'password-enter', address: ME };
const SET: SurfaceView = { kind: 'password-set', purpose: 'update', automatic: false };

function scope(interactive = true) {
  const channel = surfaceChannel();
  const announced: Array<PromptMessage['prompt']> = [];
  const made = requestScope(channel.hub, (prompt) => announced.push(prompt), interactive);
  return { channel, user: new SurfaceUser(channel), announced, scope: made };
}

describe('a request scope', () => {
  it('opens one prompt with its first view and shows the next views on it; ending it ends the prompt', () => {
    const { user, announced, scope: request } = scope();
    expect(request.interactive).toBe(true);
    expect(request.current).toBeNull();
    const first = request.prompt(ENTER);
    expect(request.current).toBe(first);
    const second = request.prompt(SET);
    expect(second).toBe(first);
    expect(announced).toEqual([
      { id: first.id, kind: 'password-enter' },
      { id: first.id, kind: 'password-set' },
    ]);
    user.open(first.id);
    expect(user.latest(first.id)?.view).toEqual(SET);
    request.end();
    expect(user.ended(first.id)).toBe(true);
  });

  it('cancelled, its prompt is given up: the one open, or one it opens after', async () => {
    const open = scope();
    const prompt = open.scope.prompt(ENTER);
    const waiting = prompt.next();
    open.scope.cancel();
    await expect(waiting).rejects.toBeInstanceOf(PromptCancelledError);

    const early = scope();
    early.scope.cancel();
    await expect(early.scope.prompt(ENTER).next()).rejects.toBeInstanceOf(PromptCancelledError);
  });

  it('a quiet request asks nothing: it fails with UserActionRequiredError, and the host is told of no prompt', () => {
    const { announced, scope: quiet } = scope(false);
    expect(() => quiet.prompt(ENTER)).toThrow(UserActionRequiredError);
    expect(announced).toEqual([]);
    expect(quiet.current).toBeNull();
    quiet.end();
    quiet.cancel();
    expect(quietScope.interactive).toBe(false);
    expect(() => quietScope.prompt(SET)).toThrow(
      'This request needs the user: ask again from a user action.',
    );
  });
});
