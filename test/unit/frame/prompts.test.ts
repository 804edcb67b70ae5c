/**
 * The frame's prompts (src/frame/prompts.ts): what the host is told, what the surface gets over
 * the channel, and how the user's actions reach the request that waits on them.
 */
import { describe, expect, it } from 'vitest';
import { PromptCancelledError } from '../../../src/frame/prompts.js';
import type { PromptMessage, SurfaceView } from '../../../src/protocol/surface.js';
import { SurfaceUser, surfaceChannel } from '../helpers/surface-channel.js';

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SIGN: SurfaceView = { kind: 'sign-message', address: ME, message: 'Hello' };
const VERIFY: SurfaceView = {
  kind: 'verify',
  purpose: 'change',
  action: 'link',
  account: { type: 'email', label: 'bob@example.com' },
  factors: [{ id: 'totp', label: '' }],
  factor: 'totp',
  sentTo: null,
};

function hubWithUser() {
  const channel = surfaceChannel();
  const announced: Array<PromptMessage['prompt']> = [];
  const start = (view: SurfaceView) => channel.hub.start(view, (prompt) => announced.push(prompt));
  return { channel, user: new SurfaceUser(channel), announced, start };
}

describe('a prompt', () => {
  it('is announced to the host by a random id and the kind of its view (a verification with its purpose)', () => {
    const { announced, start } = hubWithUser();
    const a = start(SIGN);
    const b = start(VERIFY);
    expect(a.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a.id).not.toBe(b.id);
    expect(announced).toEqual([
      { id: a.id, kind: 'sign-message' },
      { id: b.id, kind: 'verify', purpose: 'change' },
    ]);
  });

  it('shows its view to the surface that asks (hello), and each new view or state after it', () => {
    const { channel, user, announced, start } = hubWithUser();
    const prompt = start(SIGN);
    // Nothing is pushed before a surface asks.
    expect(channel.received).toEqual([]);
    user.open(prompt.id);
    expect(user.latest(prompt.id)).toEqual({ view: SIGN, state: { busy: false, error: null } });
    prompt.state({ busy: true });
    expect(user.latest(prompt.id)?.state).toEqual({ busy: true, error: null });
    prompt.state({ busy: false, error: 'The code you entered is not valid' });
    expect(user.latest(prompt.id)?.state).toEqual({
      busy: false,
      error: 'The code you entered is not valid',
    });
    // An error's code goes with it: a busy state keeps both, the next error (or none) drops it,
    // so the surface never says an old code's text for a new error.
    prompt.state({ busy: false, error: 'The code you entered is not valid', code: 'invalid_mfa_code' });
    prompt.state({ busy: true });
    expect(user.latest(prompt.id)?.state.code).toBe('invalid_mfa_code');
    prompt.state({ busy: false, error: 'Something the provider said' });
    expect(user.latest(prompt.id)?.state).toEqual({ busy: false, error: 'Something the provider said' });
    expect(user.latest(prompt.id)?.state.code).toBeUndefined();
    prompt.state({ busy: false, error: 'Again', code: 'too_many_requests' });
    prompt.state({ busy: true, error: null });
    expect(user.latest(prompt.id)?.state.code).toBeUndefined();
    // The same kind again: a new view, no new announcement; another kind (or purpose): announced.
    prompt.show({ ...SIGN, message: 'Again' });
    expect(user.latest(prompt.id)).toEqual({
      view: { ...SIGN, message: 'Again' },
      state: { busy: false, error: null },
    });
    expect(announced).toHaveLength(1);
    prompt.show(VERIFY);
    prompt.show({ ...VERIFY, factor: null });
    prompt.show({ ...VERIFY, purpose: 'mfa' });
    expect(announced.map((p) => [p.kind, p.purpose])).toEqual([
      ['sign-message', undefined],
      ['verify', 'change'],
      ['verify', 'mfa'],
    ]);
    expect(prompt.view).toEqual({ ...VERIFY, purpose: 'mfa' });
  });

  it("hands the user's actions to the flow in order, even those sent before it waits", async () => {
    const { user, start } = hubWithUser();
    const prompt = start(SIGN);
    user.act(prompt.id, { type: 'password', password: 'one' });
    user.act(prompt.id, { type: 'approve' });
    expect(await prompt.next()).toEqual({ type: 'password', password: 'one' });
    expect(await prompt.next()).toEqual({ type: 'approve' });
    const waiting = prompt.next();
    user.act(prompt.id, { type: 'code', code: '123456' });
    expect(await waiting).toEqual({ type: 'code', code: '123456' });
  });

  it("Cancel rejects the flow's wait with PromptCancelledError, now and after; later actions are dropped", async () => {
    const { user, start } = hubWithUser();
    const prompt = start(SIGN);
    const waiting = prompt.next();
    user.act(prompt.id, { type: 'cancel' });
    await expect(waiting).rejects.toBeInstanceOf(PromptCancelledError);
    user.act(prompt.id, { type: 'approve' });
    await expect(prompt.next()).rejects.toThrow('The user rejected the request.');
  });

  it('ended, it tells the surface (surface:end), stops answering it, and is forgotten by the hub', async () => {
    const { channel, user, start } = hubWithUser();
    const prompt = start(SIGN);
    const waiting = prompt.next();
    prompt.end();
    await expect(waiting).rejects.toBeInstanceOf(PromptCancelledError);
    expect(user.ended(prompt.id)).toBe(true);
    const before = channel.received.length;
    user.open(prompt.id);
    prompt.show(VERIFY);
    prompt.end();
    expect(channel.received).toHaveLength(before);
  });

  it('the hub ignores what is not a message of a prompt it has open; cancelAll gives every prompt up', async () => {
    const { channel, user, start } = hubWithUser();
    const a = start(SIGN);
    const b = start(VERIFY);
    for (const junk of [
      null,
      'surface:hello',
      { type: 'surface:hello' },
      { type: 'surface:hello', prompt: 7 },
    ]) {
      channel.post(junk as never);
    }
    user.open('not-a-prompt');
    channel.post({ type: 'surface:action', prompt: a.id, action: { nope: true } } as never);
    channel.post({ type: 'surface:view', prompt: a.id, view: SIGN, state: { busy: false, error: null } });
    expect(channel.received).toEqual([]);
    const waits = [a.next(), b.next()];
    channel.hub.cancelAll();
    for (const wait of waits) await expect(wait).rejects.toBeInstanceOf(PromptCancelledError);
  });
});
