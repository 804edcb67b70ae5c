/**
 * A chain node for unit tests: a fetch that answers JSON-RPC requests from canned handlers and
 * records every call, so a test states the node's answers and asserts what the wallet asked.
 */
export type Handler = (params: unknown[]) => unknown;

export interface RpcCall {
  url: string;
  method: string;
  params: unknown[];
}

/** Thrown by a handler: the node answers with this JSON-RPC error. */
export class NodeError {
  constructor(
    readonly code: number,
    readonly message: string,
    readonly data?: unknown,
  ) {}
}

export interface FakeNode {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  calls: RpcCall[];
  /** GET requests (gas station). */
  gets: string[];
  methods(): string[];
  params(method: string): unknown[][];
}

export function fakeNode(
  handlers: Record<string, Handler | unknown>,
  http: Record<string, () => Response> = {},
): FakeNode {
  const calls: RpcCall[] = [];
  const gets: string[] = [];
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    if (!init.method || init.method === 'GET') {
      gets.push(input);
      const answer = http[input];
      return answer ? answer() : new Response('not found', { status: 404 });
    }
    const body = JSON.parse(String(init.body)) as { id: number; method: string; params: unknown[] };
    calls.push({ url: input, method: body.method, params: body.params });
    const handler = handlers[body.method];
    const json = (payload: object) =>
      new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, ...payload }), {
        headers: { 'content-type': 'application/json' },
      });
    if (handler === undefined)
      return json({ error: { code: -32601, message: `Method ${body.method} not found` } });
    try {
      const result = typeof handler === 'function' ? (handler as Handler)(body.params) : handler;
      return json({ result });
    } catch (error) {
      if (error instanceof NodeError) {
        const { code, message, data } = error;
        return json({ error: data === undefined ? { code, message } : { code, message, data } });
      }
      throw error;
    }
  };
  return {
    fetch,
    calls,
    gets,
    methods: () => calls.map((c) => c.method),
    params: (method) => calls.filter((c) => c.method === method).map((c) => c.params),
  };
}

export const gwei = (n: number | string): bigint => {
  const [whole = '0', frac = ''] = String(n).split('.');
  return BigInt(whole) * 10n ** 9n + BigInt(frac.padEnd(9, '0').slice(0, 9));
};
export const hex = (n: bigint | number): string => `0x${BigInt(n).toString(16)}`;
