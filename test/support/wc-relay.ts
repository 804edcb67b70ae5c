import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * A local WalletConnect relay on loopback: the JSON-RPC over WebSocket that sign-client speaks to
 * relay.walletconnect.org, enough for a pairing, a session, requests and events between two real
 * sign-client peers (Node or a browser). Messages are end-to-end encrypted by the peers; the relay
 * only routes them by topic, like the real one.
 *
 * Methods (sign-client 2.25): irn_subscribe / irn_batchSubscribe / irn_unsubscribe /
 * irn_batchUnsubscribe, irn_publish / irn_batchPublish, irn_batchFetchMessages, and the two
 * "custom publish" methods of the pairing: wc_proposeSession (the dapp publishes the proposal on the
 * pairing topic it never subscribes to itself) and wc_approveSession (the wallet publishes the
 * proposal response on the pairing topic and the session settle on the session topic, which it does
 * not subscribe to itself either). The relay subscribes the publisher in both, as the real one does.
 *
 * A message is delivered at once to every other subscriber of its topic; when nobody else listens
 * yet (sign-client publishes before the peer subscribes in some steps), it waits, until its TTL, for
 * the next subscriber or fetch.
 */

export interface WalletConnectRelay {
  /** `ws://127.0.0.1:<port>`: pass it as the relayUrl of both peers. */
  url: string;
  close(): Promise<void>;
}

interface Stored {
  topic: string;
  message: string;
  tag: number;
  publishedAt: number;
  expiresAt: number;
  attestation?: string;
  /** The publishing client (the `iss` of its auth JWT), which never gets its own message back. */
  from: string;
}

interface JsonRpcRequest {
  id: unknown;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: unknown;
}

/** Tags of the custom publish methods (sign-client's ENGINE_RPC_OPTS). */
const TAGS = { sessionPropose: 1100, sessionProposeResponse: 1101, sessionSettle: 1102 };
const DEFAULT_TTL_S = 300;
/** sign-client in Node drops a socket that gets no ping for 35 s. */
const PING_INTERVAL_MS = 15_000;

// Request ids are often above 2^53: keep their digits exactly (as sign-client's safe-json does).
const BIG_NUMBER = /([[:,]\s*)(\d{16,})(\s*[,}\]])/g;
const parse = (raw: string): JsonRpcRequest => JSON.parse(raw.replace(BIG_NUMBER, '$1"$2#big"$3'));
const stringify = (value: unknown): string => JSON.stringify(value).replace(/"(\d+)#big"/g, '$1');

/** The `iss` (the client's did:key) of the auth JWT in the connection URL's query. */
function clientIdOf(url: string): string | undefined {
  const auth = new URL(url, 'ws://relay').searchParams.get('auth');
  try {
    const payload: unknown = JSON.parse(Buffer.from(auth?.split('.')[1] ?? '', 'base64url').toString());
    const iss = (payload as { iss?: unknown } | null)?.iss;
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}

export interface RelayOptions {
  /** Hears each request a client makes (method and params), for debugging; nothing is logged otherwise. */
  log?: (method: string, params: Record<string, unknown>) => void;
}

export async function startRelay(options: RelayOptions = {}): Promise<WalletConnectRelay> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });

  /** topic → socket → the subscription id the relay gave it. */
  const subscriptions = new Map<string, Map<WebSocket, string>>();
  /** Messages nobody but their publisher has received yet. */
  let waiting: Stored[] = [];
  let nextId = 1;

  const send = (socket: WebSocket, payload: unknown): void => {
    if (socket.readyState === socket.OPEN) socket.send(stringify(payload));
  };

  const deliver = (socket: WebSocket, subscriptionId: string, stored: Stored): void => {
    const { topic, message, publishedAt, tag, attestation } = stored;
    send(socket, {
      id: nextId++,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: { id: subscriptionId, data: { topic, message, publishedAt, tag, attestation } },
    });
  };

  /** Each socket's client: the did:key of its auth JWT, so a reconnected client stays the same one. */
  const clients = new Map<WebSocket, string>();
  const clientOf = (socket: WebSocket): string => clients.get(socket) ?? '';

  const subscribe = (socket: WebSocket, topic: string): string => {
    const sockets = subscriptions.get(topic) ?? new Map<WebSocket, string>();
    subscriptions.set(topic, sockets);
    const id = sockets.get(socket) ?? randomBytes(32).toString('hex');
    sockets.set(socket, id);
    // What was published before this subscriber came, it gets now.
    const now = Date.now();
    const due = waiting.filter((m) => m.topic === topic && m.from !== clientOf(socket) && m.expiresAt > now);
    waiting = waiting.filter((m) => !due.includes(m));
    for (const stored of due) deliver(socket, id, stored);
    return id;
  };

  const unsubscribe = (socket: WebSocket, topic: string): void => {
    subscriptions.get(topic)?.delete(socket);
  };

  const publish = (
    from: WebSocket,
    params: Record<string, unknown>,
    topicKey = 'topic',
    messageKey = 'message',
    tag?: number,
  ): void => {
    const topic = String(params[topicKey]);
    const ttl = typeof params.ttl === 'number' ? params.ttl : DEFAULT_TTL_S;
    const stored: Stored = {
      topic,
      message: String(params[messageKey]),
      tag: tag ?? (typeof params.tag === 'number' ? params.tag : 0),
      publishedAt: Date.now(),
      expiresAt: Date.now() + ttl * 1000,
      attestation: typeof params.attestation === 'string' ? params.attestation : undefined,
      from: clientOf(from),
    };
    const others = [...(subscriptions.get(topic) ?? [])].filter(
      ([socket]) => clientOf(socket) !== stored.from,
    );
    if (others.length === 0) waiting.push(stored);
    for (const [socket, id] of others) deliver(socket, id, stored);
  };

  const handle = (socket: WebSocket, method: string, params: Record<string, unknown>): unknown => {
    const topics = Array.isArray(params.topics) ? params.topics.map(String) : [];
    switch (method) {
      case 'irn_subscribe':
        return subscribe(socket, String(params.topic));
      case 'irn_batchSubscribe':
        return topics.map((topic) => subscribe(socket, topic));
      case 'irn_unsubscribe':
        unsubscribe(socket, String(params.topic));
        return true;
      case 'irn_batchUnsubscribe':
        for (const s of (params.subscriptions as Array<{ topic: string }>) ?? [])
          unsubscribe(socket, s.topic);
        return true;
      case 'irn_publish':
        publish(socket, params);
        return true;
      case 'irn_batchPublish':
        for (const m of (params.messages as Array<Record<string, unknown>>) ?? []) publish(socket, m);
        return true;
      case 'irn_batchFetchMessages': {
        const now = Date.now();
        const due = waiting.filter(
          (m) => topics.includes(m.topic) && m.from !== clientOf(socket) && m.expiresAt > now,
        );
        waiting = waiting.filter((m) => !due.includes(m));
        const messages = due.map(({ topic, message, publishedAt, tag, attestation }) => ({
          topic,
          message,
          publishedAt,
          tag,
          attestation,
        }));
        return { messages, hasMore: false };
      }
      case 'wc_proposeSession':
        // The dapp hears the wallet's answer on the pairing topic without subscribing itself.
        subscribe(socket, String(params.pairingTopic));
        publish(socket, params, 'pairingTopic', 'sessionProposal', TAGS.sessionPropose);
        return true;
      case 'wc_approveSession':
        // The wallet hears the dapp on the session topic without subscribing itself.
        subscribe(socket, String(params.sessionTopic));
        publish(socket, params, 'pairingTopic', 'sessionProposalResponse', TAGS.sessionProposeResponse);
        publish(socket, params, 'sessionTopic', 'sessionSettlementRequest', TAGS.sessionSettle);
        return true;
      default:
        throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
    }
  };

  server.on('connection', (socket, upgrade) => {
    // Any query string is accepted (auth JWT, projectId, ua): the relay verifies nothing.
    clients.set(socket, clientIdOf(upgrade.url ?? '') ?? randomBytes(16).toString('hex'));
    const ping = setInterval(() => socket.ping(), PING_INTERVAL_MS);
    ping.unref();
    socket.on('message', (data) => {
      let request: JsonRpcRequest;
      try {
        request = parse(String(data));
      } catch {
        send(socket, { id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } });
        return;
      }
      if (!request.method) return; // a client's acknowledgement of an irn_subscription
      options.log?.(request.method, request.params ?? {});
      try {
        const result = handle(socket, request.method, request.params ?? {});
        send(socket, { id: request.id, jsonrpc: '2.0', result });
      } catch (error) {
        const { code = -32603, message } = error as { code?: number; message: string };
        send(socket, { id: request.id, jsonrpc: '2.0', error: { code, message } });
      }
    });
    socket.on('close', () => {
      clearInterval(ping);
      clients.delete(socket);
      for (const sockets of subscriptions.values()) sockets.delete(socket);
    });
    socket.on('error', () => socket.terminate());
  });

  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of server.clients) socket.terminate();
        server.close(() => resolve());
      }),
  };
}
