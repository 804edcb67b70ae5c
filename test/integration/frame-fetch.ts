import type { Harness } from './harness.js';
import { PUBLIC_URL } from './harness.js';

/** A request the frame made, as the provider received it. */
export interface FrameRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/**
 * fetch() of the wallet frame's page: same-origin requests to the provider (Origin = its public
 * URL), as a browser sends them, answered by the in-process server. Every request and response
 * body is appended to `wire` when given, and every request whole to `requests`.
 */
export function frameFetch(h: () => Harness, wire?: string[], requests?: FrameRequest[]): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.origin !== PUBLIC_URL) throw new Error(`The frame fetched another origin: ${url.origin}`);
    const body = typeof init?.body === 'string' ? init.body : undefined;
    if (body) wire?.push(body);
    const headers = { ...(init?.headers as Record<string, string>), origin: PUBLIC_URL };
    const method = (init?.method ?? 'GET') as 'GET' | 'POST';
    requests?.push({ method, path: url.pathname + url.search, headers, body });
    const response = await h().inject({
      method,
      url: url.pathname + url.search,
      headers,
      ...(body ? { payload: body } : {}),
    });
    wire?.push(response.body);
    return new Response(response.body, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  }) as typeof fetch;
}
