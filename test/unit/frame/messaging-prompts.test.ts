/**
 * The frame's channel when a request needs the user (protocol/surface.ts): the host learns of the
 * prompt (`gatehouse:prompt` with the request's id), the reply waits for what the user does in the
 * surface, `wallet:cancel` and `wallet:clear` reach a request that waits, and a quiet request
 * fails rather than ask.
 */
import { describe, expect, it } from 'vitest';
import type { FrameHandler, FrameHandlers } from '../../../src/frame/messaging.js';
import { startFrame } from '../../../src/frame/messaging.js';
import type { PromptMessage, SurfaceView } from '../../../src/protocol/surface.js';
import { WALLET_FRAME_SOURCE } from '../../../src/protocol/wallet-frame.js';
import { frameWindow, HOST } from '../helpers/frame-window.js';
import { SurfaceUser, surfaceChannel } from '../helpers/surface-channel.js';

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const REVIEW: SurfaceView = { kind: 'sign-message', address: ME, message: 'Hello' };

/** Signs once the user approved the review (as wallet-sign.ts does). */
const review: FrameHandler = async (_data, scope) => {
  const prompt = scope.prompt(REVIEW);
  while ((await prompt.next()).type !== 'approve') {}
  return { response: { method: 'personal_sign', data: '0x5167' } };
};

function start(extra: FrameHandlers = {}) {
  const window = frameWindow();
  const surface = surfaceChannel();
  const cleared: string[] = [];
  const handlers: FrameHandlers = {
    'wallet:rpc': review,
    'wallet:connect': async () => ({ address: ME }),
    'wallet:clear': async () => {
      cleared.push('clear');
      return { cleared: true };
    },
    ...extra,
  };
  startFrame(window.win, HOST, handlers, surface.hub);
  const send = (type: string, id: string, data: unknown = { accessToken: 't' }, quiet?: boolean) =>
    window.deliver({ source: WALLET_FRAME_SOURCE, id, type, data, ...(quiet ? { quiet } : {}) });
  const messages = () => window.posted.slice(1).map((p) => p.message as unknown as Record<string, unknown>);
  const prompts = () =>
    messages().filter((m): m is PromptMessage & Record<string, unknown> => m.type === 'gatehouse:prompt');
  const replyTo = (id: string) => messages().find((m) => m.id === id && m.type !== 'gatehouse:prompt');
  return { ...window, surface, user: new SurfaceUser(surface), send, prompts, replyTo, cleared };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('a request that needs the user', () => {
  it('tells the host its prompt, shows the view in the surface, and answers only after the approval', async () => {
    const frame = start();
    frame.send('wallet:rpc', 'r1');
    await settle();
    const [shown] = frame.prompts();
    expect(shown).toEqual({
      source: WALLET_FRAME_SOURCE,
      id: 'r1',
      type: 'gatehouse:prompt',
      prompt: { id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), kind: 'sign-message' },
    });
    expect(frame.posted.every((p) => p.targetOrigin === HOST)).toBe(true);
    expect(frame.replyTo('r1')).toBeUndefined();
    const prompt = shown!.prompt.id;
    frame.user.open(prompt);
    expect(frame.user.latest(prompt)).toEqual({ view: REVIEW, state: { busy: false, error: null } });
    // Actions for another prompt, or of no known kind, do nothing.
    frame.user.act('another', { type: 'approve' });
    frame.surface.post({ type: 'surface:action', prompt, action: null } as never);
    await settle();
    expect(frame.replyTo('r1')).toBeUndefined();
    frame.user.act(prompt, { type: 'approve' });
    await settle();
    expect(frame.replyTo('r1')).toMatchObject({ data: { response: { data: '0x5167' } } });
    expect(frame.user.ended(prompt)).toBe(true);
    // Nothing of the surface channel went to the host.
    expect(JSON.stringify(frame.posted)).not.toContain('surface:');
  });

  it("the surface's Cancel, and the host's wallet:cancel, answer user_rejected; the next request goes on", async () => {
    const frame = start();
    frame.send('wallet:rpc', 'r1');
    frame.send('wallet:rpc', 'r2');
    await settle();
    frame.user.act(frame.prompts()[0]!.prompt.id, { type: 'cancel' });
    await settle();
    expect(frame.replyTo('r1')).toMatchObject({
      type: 'wallet:rpc',
      error: { type: 'user_rejected', message: 'The user rejected the request.' },
    });
    // r2 waits on its own prompt; the host's screen closes: wallet:cancel, answered at once.
    expect(frame.prompts()).toHaveLength(2);
    frame.send('wallet:cancel', 'c1', { request: 'r2' });
    frame.send('wallet:cancel', 'c2', { request: 'nothing-waits' });
    await settle();
    expect(frame.replyTo('c1')).toMatchObject({ type: 'wallet:cancel', data: { cancelled: true } });
    expect(frame.replyTo('c2')).toMatchObject({ data: { cancelled: false } });
    expect(frame.replyTo('r2')).toMatchObject({ error: { type: 'user_rejected' } });
  });

  it('wallet:clear (logout) is answered ahead of a request waiting on the user, which is given up', async () => {
    const frame = start();
    frame.send('wallet:rpc', 'r1');
    frame.send('wallet:connect', 'r2');
    await settle();
    frame.send('wallet:clear', 'x1', {});
    await settle();
    expect(frame.cleared).toEqual(['clear']);
    // Not queued behind r1 (which would have waited for the user) nor behind r2.
    const order = frame.posted.slice(2).map((p) => (p.message as { id: string }).id);
    expect([...order].sort()).toEqual(['r1', 'r2', 'x1']);
    expect(order.indexOf('x1')).toBeLessThan(order.indexOf('r2'));
    expect(frame.replyTo('r1')).toMatchObject({ error: { type: 'user_rejected' } });
  });

  it('a quiet request (no surface will show) fails with user_action_required instead of asking', async () => {
    const frame = start();
    frame.send('wallet:rpc', 'q1', { accessToken: 't' }, true);
    await settle();
    expect(frame.prompts()).toEqual([]);
    expect(frame.replyTo('q1')).toMatchObject({
      error: {
        type: 'user_action_required',
        message: 'This request needs the user: ask again from a user action.',
      },
    });
  });

  it('a new kind of view for the same request is announced again, with a verification its purpose', async () => {
    const steps: FrameHandler = async (_data, scope) => {
      const verify: SurfaceView = {
        kind: 'verify',
        purpose: 'new_device',
        action: 'new_device',
        account: null,
        factors: [{ id: 'email', label: 'a•••@example.com' }],
        factor: null,
        sentTo: null,
      };
      const prompt = scope.prompt(verify);
      await prompt.next();
      scope.prompt({ kind: 'password-enter', address: ME });
      await prompt.next();
      return { address: ME };
    };
    const frame = start({ 'wallet:recover': steps });
    frame.send('wallet:recover', 'v1');
    await settle();
    const id = frame.prompts()[0]!.prompt.id;
    expect(frame.prompts()[0]!.prompt).toEqual({ id, kind: 'verify', purpose: 'new_device' });
    frame.user.act(id, { type: 'code', code: '123456' });
    await settle();
    expect(frame.prompts().map((m) => m.prompt)).toEqual([
      { id, kind: 'verify', purpose: 'new_device' },
      { id, kind: 'password-enter' },
    ]);
    frame.user.act(id, { type: 'password', password: 'Secret-123' });
    await settle();
    expect(frame.replyTo('v1')).toMatchObject({ data: { address: ME } });
  });
});
