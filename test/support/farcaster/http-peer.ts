import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import { closeServer, listenOnLoopback } from '../loopback.js';

export interface PeerRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A JSON body, an HTML page, or raw bytes. */
export type PeerResponse = { status: number } & ({ json?: unknown } | { html: string });

function readBytes(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** The JSON body of a request, or undefined when it is not JSON. */
export function jsonOf(request: PeerRequest): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(request.body.toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The bearer token of a request, if any. */
export const bearerOf = (request: PeerRequest): string | undefined =>
  /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];

/** HTML-escapes a text for the stand-in pages. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An HTTP server on 127.0.0.1 (a free port unless told), answering through `handle`. */
export abstract class HttpPeer {
  private readonly server: Server;
  port = 0;

  protected abstract handle(request: PeerRequest): Promise<PeerResponse> | PeerResponse;

  constructor() {
    this.server = createServer((request, response) => {
      readBytes(request)
        .then((body) =>
          this.handle({
            method: request.method ?? 'GET',
            url: new URL(request.url ?? '/', 'http://127.0.0.1'),
            headers: request.headers,
            body,
          }),
        )
        .then(
          (answer) => {
            if ('html' in answer) {
              response
                .writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' })
                .end(answer.html);
            } else {
              const json = 'json' in answer && answer.json !== undefined ? JSON.stringify(answer.json) : '';
              response.writeHead(answer.status, { 'content-type': 'application/json' }).end(json);
            }
          },
          (error: unknown) => response.writeHead(500).end(String(error)),
        );
    });
  }

  async start(port = 0): Promise<void> {
    this.port = await listenOnLoopback(this.server, port);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  stop(): Promise<void> {
    return closeServer(this.server);
  }
}
