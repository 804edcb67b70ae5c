import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

const INIT = '/api/v1/passwordless/init';
const AUTHENTICATE = '/api/v1/passwordless/authenticate';

let h: Harness;
const lines: string[] = [];
const logger = { level: 'warn', stream: { write: (line: string) => lines.push(line) } };

afterEach(async () => {
  lines.length = 0;
  await h.close();
});

/** The answer to `promise`, or 'pending' when it has none after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'pending'> {
  return Promise.race([
    promise,
    new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms)),
  ]);
}

describe('code mail', () => {
  it('is sent after the answer: init answers once the code is stored, even while the mail server is slow', async () => {
    h = await startHarness();
    const release = h.mailbox.hold();
    const init = await within(h.post(INIT, { email: 'slow@example.com' }), 2000);
    expect(init, 'init waited for the mail server').not.toBe('pending');
    if (init === 'pending') return;
    expect(init.statusCode).toBe(200);
    expect(init.json()).toEqual({ success: true });
    expect(h.mailbox.messages).toHaveLength(0);

    release();
    const code = await h.mailbox.codeFor('slow@example.com');
    expect((await h.post(AUTHENTICATE, { email: 'slow@example.com', code })).statusCode).toBe(200);
  });

  it('goes out over a pool of reused SMTP connections, not one per mail', async () => {
    h = await startHarness();
    const names = ['ann', 'bob', 'cid', 'dee', 'eve', 'fay', 'gus', 'hal'];
    for (const name of names) await h.requestCode(`${name}@example.com`);
    expect(h.mailbox.messages).toHaveLength(names.length);
    // At most the pool's three connections, reused: not one per mail.
    expect(h.mailbox.connections).toBeLessThanOrEqual(3);
  });

  it('that cannot be delivered is logged, not answered: init still says success and tells nothing', async () => {
    h = await startHarness({ logger });
    await h.mailbox.stop();
    const init = await h.post(INIT, { email: 'judy@example.com' });
    expect(init.statusCode).toBe(200);
    expect(init.json()).toEqual({ success: true });
    await expect.poll(() => lines.join(''), { timeout: 10_000 }).toContain('login code mail not delivered');
    const logged = lines.find((line) => line.includes('login code mail not delivered')) as string;
    expect(logged).not.toContain('is your login code');
    expect(logged).not.toContain('judy@example.com');
  });

  it('still queued when the server closes is delivered before it has closed', async () => {
    h = await startHarness();
    const release = h.mailbox.hold();
    expect((await h.post(INIT, { email: 'late@example.com' })).statusCode).toBe(200);
    const closing = h.server.close();
    setTimeout(release, 200);
    await closing;
    expect(h.mailbox.messages.map((mail) => mail.to)).toEqual([['late@example.com']]);
  });
});
