/**
 * A Farcaster hub's HTTP API on loopback (`POST /v1/submitMessage`, the protobuf `Message` as
 * application/octet-stream): each message is decoded and validated with @farcaster/core
 * (`validations.validateMessage`: data, hash, Ed25519 signature, body rules), its signer must be a
 * key added for its fid (`addSigner`, which the signed key request peer calls on an approval, as
 * the on-chain KeyRegistry does for a real hub), and what is accepted is recorded. Refusals answer
 * the hubs' error body `{errCode, presentable, name, code, details}`.
 */
import { bytesToHexString, Message, MessageData, MessageType, validations } from '@farcaster/core';
import { escapeHtml, HttpPeer, type PeerRequest, type PeerResponse } from './http-peer.js';

export interface HubMessage {
  /** One line saying what it is (for the demo's terminal). */
  summary: string;
  message: Message;
  data: MessageData;
  type: MessageType;
  fid: number;
  /** 0x-hex. */
  hash: string;
  signer: string;
}

const refuse = (details: string, errCode = 'bad_request.validation_failure'): PeerResponse => ({
  status: 400,
  json: { errCode, presentable: false, name: 'HubError', code: 3, details },
});

const hex = (bytes: Uint8Array): string => {
  const result = bytesToHexString(bytes);
  if (result.isErr()) throw result.error;
  return result.value;
};

function summaryOf(data: MessageData, hash: string): string {
  const body = data.castAddBody
    ? `"${data.castAddBody.text}"`
    : JSON.stringify(data.reactionBody ?? data.linkBody ?? data.castRemoveBody ?? {}, (_key, value) =>
        value instanceof Uint8Array ? hex(value) : value,
      );
  return `${MessageType[data.type]} by fid ${data.fid}: ${body} (${hash})`;
}

export class HubPeer extends HttpPeer {
  readonly messages: HubMessage[] = [];
  /** Called with each message accepted. */
  onAccepted?: (message: HubMessage) => void;
  private readonly signers = new Map<number, Set<string>>();

  /** Keys added on chain for a fid (0x-hex, any case). */
  addSigner(fid: number, key: string): void {
    const keys = this.signers.get(fid) ?? new Set<string>();
    keys.add(key.toLowerCase());
    this.signers.set(fid, keys);
  }

  removeSigner(fid: number, key: string): void {
    this.signers.get(fid)?.delete(key.toLowerCase());
  }

  protected handle(request: PeerRequest): Promise<PeerResponse> | PeerResponse {
    const route = `${request.method} ${request.url.pathname}`;
    if (route === 'POST /v1/submitMessage') return this.submit(request);
    if (route === 'GET /v1/info') return { status: 200, json: { version: 'stand-in', isSyncing: false } };
    if (route === 'GET /') return this.page();
    return { status: 404, json: { errCode: 'not_found', details: 'no such endpoint' } };
  }

  private async submit(request: PeerRequest): Promise<PeerResponse> {
    if (request.headers['content-type'] !== 'application/octet-stream') {
      return refuse('the body must be application/octet-stream', 'bad_request.parse_failure');
    }
    let message: Message;
    try {
      message = Message.decode(new Uint8Array(request.body));
    } catch {
      return refuse('the body is not a Message', 'bad_request.parse_failure');
    }
    const valid = await validations.validateMessage(message);
    if (valid.isErr()) return refuse(valid.error.message);
    const data = message.data ?? (message.dataBytes ? MessageData.decode(message.dataBytes) : undefined);
    if (!data) return refuse('data is missing');
    const signer = hex(message.signer).toLowerCase();
    if (!this.signers.get(data.fid)?.has(signer)) {
      return refuse(
        `invalid signer: signer ${signer} not found for fid ${data.fid}`,
        'bad_request.validation_failure',
      );
    }
    const hash = hex(message.hash);
    const accepted = {
      summary: summaryOf(data, hash),
      message,
      data,
      type: data.type,
      fid: data.fid,
      hash,
      signer,
    };
    this.messages.push(accepted);
    this.onAccepted?.(accepted);
    return { status: 200, json: Message.toJSON(message) };
  }

  /** What the demo's hub received, for a person to look at. */
  private page(): PeerResponse {
    const rows = this.messages
      .map((m) => {
        const what =
          m.data.castAddBody?.text ??
          JSON.stringify(m.data.reactionBody ?? m.data.linkBody ?? m.data.castRemoveBody ?? {});
        return `<li>${MessageType[m.type]} by fid ${m.fid}: ${escapeHtml(what)} <code>${m.hash}</code></li>`;
      })
      .join('');
    return {
      status: 200,
      html: `<!doctype html><meta charset="utf-8"><title>Hub (stand-in)</title>
<h1>Messages this stand-in hub accepted</h1><ul>${rows || '<li>none yet</li>'}</ul>`,
    };
  }
}
