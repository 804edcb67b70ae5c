import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { closeServer, listenOnLoopback } from './loopback.js';
import { Received } from './received.js';

export interface ReceivedSms {
  accountSid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

/** A Twilio-style error answer (https://www.twilio.com/docs/api/errors). */
export interface TwilioFailure {
  status: number;
  code: number;
  message: string;
}

/** Credentials of a Twilio account in the format Twilio issues. */
export function twilioAccount(): { accountSid: string; authToken: string } {
  return { accountSid: `AC${randomBytes(16).toString('hex')}`, authToken: randomBytes(16).toString('hex') };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * A local HTTP peer speaking Twilio's Messages API on loopback:
 * `POST /2010-04-01/Accounts/{sid}/Messages.json`, basic auth `sid:token`, form fields To,
 * From or MessagingServiceSid, Body. It checks the credentials as Twilio does, answers a
 * message resource, and records what a phone would receive, so tests read the code from it.
 */
export class TwilioPeer {
  private readonly received = new Received<ReceivedSms>();
  readonly messages = this.received.items;
  /** Answer the next requests with these errors first. */
  readonly failures: TwilioFailure[] = [];
  readonly accounts = new Map<string, string>();
  private server: Server;
  port = 0;

  constructor(...accounts: Array<{ accountSid: string; authToken: string }>) {
    for (const account of accounts) this.accounts.set(account.accountSid, account.authToken);
    this.server = createServer((request, response) => {
      this.handle(request).then(
        ({ status, body }) =>
          response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
        () => response.writeHead(500).end(),
      );
    });
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const raw = await readBody(request);
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match?.[1]) {
      return {
        status: 404,
        body: { code: 20404, message: 'The requested resource was not found', status: 404 },
      };
    }
    const accountSid = decodeURIComponent(match[1]);
    const [user, password] = Buffer.from(
      (request.headers.authorization ?? '').replace(/^Basic /, ''),
      'base64',
    )
      .toString('utf8')
      .split(':');
    if (user !== accountSid || this.accounts.get(accountSid) !== password) {
      return { status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } };
    }
    const failure = this.failures.shift();
    if (failure) return { status: failure.status, body: failure };
    const form = new URLSearchParams(raw);
    const to = form.get('To');
    const body = form.get('Body');
    const from = form.get('From');
    const messagingServiceSid = form.get('MessagingServiceSid');
    if (!to || !body || !(from || messagingServiceSid)) {
      return {
        status: 400,
        body: {
          code: 21604,
          message: "A 'To', 'Body' and 'From' or 'MessagingServiceSid' are required.",
          status: 400,
        },
      };
    }
    this.received.push({ accountSid, to, from, messagingServiceSid, body });
    const sid = `SM${randomBytes(16).toString('hex')}`;
    return {
      status: 201,
      body: {
        sid,
        account_sid: accountSid,
        to,
        from,
        body,
        status: 'queued',
        messaging_service_sid: messagingServiceSid,
      },
    };
  }

  async start(): Promise<void> {
    this.port = await listenOnLoopback(this.server);
  }

  /** What GATEHOUSE_TWILIO_BASE_URL points at. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Waits for the next message to `to` that arrives after `since` messages. */
  waitFor(to: string, since = 0, timeoutMs = 15_000): Promise<ReceivedSms> {
    return this.received.waitFor((m) => m.to === to, since, timeoutMs, `SMS to ${to}`);
  }

  /** The six-digit code of the next SMS to `to` received after `since` messages. */
  async codeFor(to: string, since = 0): Promise<string> {
    const sms = await this.waitFor(to, since);
    const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
    if (!code) throw new Error(`SMS to ${to} carries no code: ${sms.body}`);
    return code;
  }

  stop(): Promise<void> {
    return closeServer(this.server);
  }
}

/**
 * A Twilio peer with one account for a test file, started before its tests and stopped after;
 * `options` are the harness's to text through it.
 */
export function twilioForFile(from = '+12015550100') {
  const account = twilioAccount();
  const peer = new TwilioPeer(account);
  beforeAll(() => peer.start());
  afterAll(() => peer.stop());
  return { peer, options: () => ({ twilio: { ...account, from }, twilioBaseUrl: peer.url }) };
}
