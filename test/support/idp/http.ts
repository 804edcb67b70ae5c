/** The small HTTP pieces the identity-provider peers share. */
import { createHash } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { listenOnLoopback } from '../loopback.js';

export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function listen(server: Server): Promise<string> {
  return `http://127.0.0.1:${await listenOnLoopback(server)}`;
}
