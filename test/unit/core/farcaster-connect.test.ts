import { describe, expect, it } from 'vitest';
import { pollFarcasterConnection } from '../../../src/core/farcaster/connect-poller.js';
import { FarcasterFlowError } from '../../../src/core/farcaster/errors.js';
import { FARCASTER_UI_TEXT } from '../../../src/core/text/farcaster.js';
import {
  FARCASTER_CONNECT_TIMEOUT_MS,
  type FarcasterStatusResponse,
} from '../../../src/protocol/farcaster.js';
import { fakeTime } from '../helpers/fake-time.js';
import { PENDING } from '../helpers/farcaster-provider.js';

const COMPLETED: FarcasterStatusResponse = {
  state: 'completed',
  message: 'example.com wants you to sign in…',
  signature: '0xabc',
  fid: 42,
  username: 'alice',
  display_name: 'Alice',
  bio: null,
  pfp_url: 'https://images.example/a.png',
};

describe('the Farcaster connect poll', () => {
  it('reads the status every 2 s until the channel is completed', async () => {
    const time = fakeTime(1_000_000);
    let calls = 0;
    const check = async () => (++calls < 4 ? PENDING : COMPLETED);
    await expect(pollFarcasterConnection({ check, ...time })).resolves.toEqual({
      message: COMPLETED.message,
      signature: '0xabc',
      fid: 42,
      username: 'alice',
      displayName: 'Alice',
      bio: null,
      pfpUrl: 'https://images.example/a.png',
    });
    expect(time.sleeps).toEqual([2000, 2000, 2000]);
  });

  it("gives up after 120 s with 'The request timed out. Try again.', retryable", async () => {
    const time = fakeTime(1_000_000);
    let calls = 0;
    const check = async () => {
      calls += 1;
      return PENDING;
    };
    const error = await pollFarcasterConnection({ check, ...time }).catch((e) => e);
    expect(error).toBeInstanceOf(FarcasterFlowError);
    expect(error).toMatchObject({
      code: 'farcaster_connect_timeout',
      message: FARCASTER_UI_TEXT.connectTimeout,
      retryable: true,
    });
    expect(calls).toBe(FARCASTER_CONNECT_TIMEOUT_MS / 2000);
    expect(time.now() - 1_000_000).toBe(FARCASTER_CONNECT_TIMEOUT_MS);
  });

  it('stops when its signal aborts, and passes on a failed check', async () => {
    const controller = new AbortController();
    let calls = 0;
    const check = async () => {
      calls += 1;
      if (calls === 2) controller.abort(new DOMException('closed', 'AbortError'));
      return PENDING;
    };
    await expect(
      pollFarcasterConnection({ check, signal: controller.signal, sleep: async () => undefined }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(calls).toBe(2);
    const failing = async (): Promise<FarcasterStatusResponse> => {
      throw Object.assign(new Error('No such Farcaster sign-in channel.'), {
        code: 'farcaster_channel_not_found',
      });
    };
    await expect(pollFarcasterConnection({ check: failing })).rejects.toMatchObject({
      code: 'farcaster_channel_not_found',
    });
  });

  it('waits for real with the default sleep and wakes up when aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const poll = pollFarcasterConnection({ check: async () => PENDING, signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await expect(poll).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
