import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { closeServer, listenOnLoopback, readBody } from './loopback.js';
import { Received } from './received.js';

export interface ReceivedWebhook {
  id: string;
  /** The Host header: the URL's host, whatever address the connection went to. */
  host: string;
  timestamp: string;
  signature: string;
  body: string;
  /** The parsed body: `{type, timestamp, data}`. */
  event: { type: string; timestamp: string; data: Record<string, unknown> };
  /** The status this request was answered with. */
  status: number;
}

/**
 * A host backend's webhook endpoint on loopback: records every POST with its Standard Webhooks
 * headers and answers each with the next status of `answers` (200 once they run out). `hold()`
 * keeps the next answers back until `release()`, as a slow endpoint would.
 */
export class WebhookReceiver {
  readonly received = new Received<ReceivedWebhook>();
  readonly answers: number[] = [];
  url = '';
  #server: Server | undefined;
  #held: Array<() => void> | undefined;

  async start(): Promise<void> {
    this.#server = createServer((request, response) => {
      void readBody(request).then(async (body) => {
        if (this.#held) await new Promise<void>((resolve) => this.#held?.push(resolve));
        const status = this.answers.shift() ?? 200;
        const header = (name: string) => String(request.headers[name] ?? '');
        this.received.push({
          id: header('webhook-id'),
          host: header('host'),
          timestamp: header('webhook-timestamp'),
          signature: header('webhook-signature'),
          body,
          event: JSON.parse(body),
          status,
        });
        response.writeHead(status).end();
      });
    });
    const port = await listenOnLoopback(this.#server);
    this.url = `http://127.0.0.1:${port}/hooks/gatehouse`;
  }

  hold(): void {
    this.#held = [];
  }

  release(): void {
    const held = this.#held ?? [];
    this.#held = undefined;
    for (const resume of held) resume();
  }

  /** Requests waiting in `hold`. */
  get waiting(): number {
    return this.#held?.length ?? 0;
  }

  async stop(): Promise<void> {
    this.release();
    if (this.#server) await closeServer(this.#server);
  }
}

/**
 * The receiver's own check of a Standard Webhooks signature, written from the specification
 * (https://www.standardwebhooks.com) apart from the server's code: the key is the base64 after
 * `whsec_`; the header lists `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` entries separated by
 * spaces; the timestamp must be within five minutes of now.
 */
export function verifyStandardWebhook(secret: string, hook: ReceivedWebhook, nowMs = Date.now()): boolean {
  const seconds = Number(hook.timestamp);
  if (!Number.isInteger(seconds) || Math.abs(nowMs / 1000 - seconds) > 300) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${hook.id}.${hook.timestamp}.${hook.body}`).digest();
  return hook.signature.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
