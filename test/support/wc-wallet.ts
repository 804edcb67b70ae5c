/**
 * A WalletConnect wallet for tests: a real `@walletconnect/sign-client` wallet with an ethers key,
 * that approves (or rejects) session proposals and answers personal_sign and chain switches.
 */
import { SignClient } from '@walletconnect/sign-client';
import { getBytes, Wallet } from 'ethers';
import { Received } from './received.js';

type Client = InstanceType<typeof SignClient>;

export interface WalletPeer {
  client: Client;
  signer: ReturnType<typeof Wallet.createRandom>;
  /** Rejects the next proposals / requests while set. */
  reject: { proposal: boolean; requests: boolean };
  requests: Received<{ method: string; params: unknown }>;
  deletes: Received<{ topic: string }>;
  /** The session topic of the approved session. */
  topic(): string;
  /** Pairs with a `wc:` URI (as scanned from a QR code or followed from a deep link). */
  pair(uri: string): Promise<void>;
  /** Closes the relay socket and timers. */
  close(): Promise<void>;
}

let prefixes = 0;

export async function startWalletPeer(options: { relayUrl: string; projectId: string }): Promise<WalletPeer> {
  const client = await SignClient.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    metadata: {
      name: 'Test wallet',
      description: 'The wallet side',
      url: 'https://wallet.example',
      icons: [],
    },
    customStoragePrefix: `wallet-${process.pid}-${Date.now()}-${++prefixes}`,
    logger: 'silent',
    telemetryEnabled: false,
  });
  const signer = Wallet.createRandom();
  const peer: WalletPeer = {
    client,
    signer,
    reject: { proposal: false, requests: false },
    requests: new Received(),
    deletes: new Received(),
    pair: async (uri: string) => {
      await client.pair({ uri });
    },
    close: async () => {
      client.core.heartbeat.stop();
      await client.core.relayer.transportClose().catch(() => undefined);
    },
    topic: () => {
      const session = client.session.getAll()[0];
      if (!session) throw new Error('the wallet has no session');
      return session.topic;
    },
  };
  client.on('session_proposal', async ({ id, params }) => {
    if (peer.reject.proposal) {
      await client.reject({ id, reason: { code: 5000, message: 'User rejected.' } });
      return;
    }
    const asked = params.optionalNamespaces.eip155;
    const chains = asked?.chains ?? [];
    await client.approve({
      id,
      namespaces: {
        eip155: {
          chains,
          accounts: chains.map((chain) => `${chain}:${signer.address}`),
          methods: asked?.methods ?? [],
          events: asked?.events ?? [],
        },
      },
    });
  });
  client.on('session_request', async ({ id, topic, params }) => {
    const { method, params: args } = params.request;
    peer.requests.push({ method, params: args });
    const answer = async (result: unknown) =>
      client.respond({ topic, response: { id, jsonrpc: '2.0', result } });
    const fail = async (code: number, message: string) =>
      client.respond({ topic, response: { id, jsonrpc: '2.0', error: { code, message } } });
    if (peer.reject.requests) return fail(4001, 'User rejected the request.');
    if (method === 'personal_sign') return answer(await signer.signMessage(getBytes(args[0])));
    if (method === 'wallet_switchEthereumChain') return answer(null);
    return fail(-32601, `${method} is not supported`);
  });
  client.on('session_delete', ({ topic }) => peer.deletes.push({ topic }));
  return peer;
}
