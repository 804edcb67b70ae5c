import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/server/app.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function listening(options: Parameters<typeof startHarness>[0] = {}): Promise<number> {
  h = await startHarness(options);
  await h.server.listen({ port: 0, host: '127.0.0.1' });
  const address = h.server.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

/** What the server wrote before closing the socket, and after how long; null if still open after `limitMs`. */
function untilClosed(socket: Socket, limitMs: number): Promise<{ answer: string; afterMs: number } | null> {
  const started = Date.now();
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString('latin1');
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), limitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, afterMs: Date.now() - started });
    });
    socket.on('error', () => {});
  });
}

describe('slow clients are cut off', () => {
  it('has request, headers, keep-alive and connection timeouts by default', async () => {
    await listening();
    const server = h?.server.server;
    expect(server?.requestTimeout).toBe(DEFAULT_TIMEOUTS.requestMs);
    expect(server?.headersTimeout).toBe(DEFAULT_TIMEOUTS.headersMs);
    expect(server?.keepAliveTimeout).toBe(DEFAULT_TIMEOUTS.keepAliveMs);
    expect(server?.timeout).toBe(DEFAULT_TIMEOUTS.connectionMs);
    expect(DEFAULT_TIMEOUTS.requestMs).toBeLessThanOrEqual(30_000);
  });

  it('answers 408 and closes a connection that dribbles its body past the request timeout', async () => {
    const port = await listening({ timeouts: { requestMs: 600 } });
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/v1/passwordless/init HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `gatehouse-app-id: ${h?.appId}\r\ncontent-type: application/json\r\ncontent-length: 4000\r\n\r\n{`,
    );
    // One byte every 100 ms: never idle, never done.
    const dribble = setInterval(() => {
      if (!socket.destroyed) socket.write(' ');
    }, 100);
    const closed = await untilClosed(socket, 8000);
    clearInterval(dribble);
    socket.destroy();
    expect(closed, 'the connection was still open after 8 s').not.toBeNull();
    expect(closed?.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed?.afterMs).toBeLessThan(4000);
  });

  it('closes a connection that never finishes its headers', async () => {
    const port = await listening({ timeouts: { requestMs: 800, headersMs: 400 } });
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const closed = await untilClosed(socket, 8000);
    socket.destroy();
    expect(closed, 'the connection was still open after 8 s').not.toBeNull();
  });
});
