import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';

/** One request as a connection sends it; `next` may read the answer's body to shape the following one. */
export interface Conversation {
  /** The request's path, headers (without host, length, connection) and JSON body. */
  request(): { path: string; headers: Record<string, string>; body: string };
  /** Called with every answer; throwing counts as an error. */
  answer?(status: number, body: string): void;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  /**
   * The server's CPU time per request (all its threads, user and system), in microseconds: less
   * moved by the machine's load than req/s; undefined without the server's process id.
   */
  cpuPerRequest: number | undefined;
}

/** CPU time (user + system) a process has used so far, in microseconds (Linux /proc), if known. */
export function cpuTime(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, the 14th and 15th fields, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return undefined;
  }
}

/**
 * A small HTTP/1.1 load generator: `connections` keep-alive sockets each sending one request after
 * another for `seconds` (after `warmup` seconds not counted), recording each latency. Written on raw
 * sockets so it costs little CPU beside the server it measures on the same machine.
 */
export async function load(
  port: number,
  conversations: Conversation[],
  { seconds = 5, warmup = 1, pid = undefined as number | undefined } = {},
): Promise<LoadResult> {
  const tally: Tally = { latencies: [], errors: 0, recording: false, stopped: false };
  const runs = conversations.map((conversation) => new Connection(port, conversation, tally).done);
  await new Promise((resolve) => setTimeout(resolve, warmup * 1000));
  tally.recording = true;
  const from = performance.now();
  const cpuFrom = cpuTime(pid);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  tally.recording = false;
  const elapsed = (performance.now() - from) / 1000;
  const cpuTo = cpuTime(pid);
  const latencies = tally.latencies.sort((a, b) => a - b);
  tally.stopped = true;
  await Promise.all(runs);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    errors: tally.errors,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    cpuPerRequest:
      cpuFrom === undefined || cpuTo === undefined ? undefined : (cpuTo - cpuFrom) / latencies.length,
  };
}

interface Tally {
  latencies: number[];
  errors: number;
  recording: boolean;
  stopped: boolean;
}

/** One keep-alive socket sending its conversation's requests one after another until stopped. */
class Connection {
  readonly done: Promise<void>;
  private readonly socket: Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private started = 0n;
  private finish = () => {};

  constructor(
    port: number,
    private readonly conversation: Conversation,
    private readonly tally: Tally,
  ) {
    this.done = new Promise((resolve) => {
      this.finish = resolve;
    });
    this.socket = connect(port, '127.0.0.1');
    this.socket.setNoDelay(true);
    this.socket.on('connect', () => this.send());
    this.socket.on('data', (chunk) => this.receive(chunk));
    this.socket.on('error', () => {
      this.tally.errors += 1;
      this.finish();
    });
  }

  private send(): void {
    if (this.tally.stopped) {
      this.socket.end();
      this.finish();
      return;
    }
    const { path, headers, body } = this.conversation.request();
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    this.started = process.hrtime.bigint();
    this.socket.write(
      `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${lines.join('')}\r\n${body}`,
    );
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const parsed = parseResponse(this.buffer);
    if (!parsed) return;
    this.buffer = this.buffer.subarray(parsed.length);
    const recording = this.tally.recording;
    if (recording) this.tally.latencies.push(Number(process.hrtime.bigint() - this.started) / 1e6);
    try {
      if (parsed.status >= 400) throw new Error(`HTTP ${parsed.status}: ${parsed.body}`);
      this.conversation.answer?.(parsed.status, parsed.body);
    } catch (error) {
      if (recording && this.tally.errors++ === 0) process.stderr.write(`${(error as Error).message}\n`);
    }
    this.send();
  }
}

/** One whole response at the start of `buffer` (Content-Length bodies, as Fastify sends), or none yet. */
function parseResponse(buffer: Buffer): { status: number; body: string; length: number } | undefined {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const head = buffer.subarray(0, end).toString('latin1');
  const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
  if (buffer.length < end + 4 + length) return undefined;
  return {
    status: Number(head.slice(9, 12)),
    body: buffer.subarray(end + 4, end + 4 + length).toString('utf8'),
    length: end + 4 + length,
  };
}
