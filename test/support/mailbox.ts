import { SMTPServer } from 'smtp-server';
import { Received } from './received.js';

const CODE_IN_SUBJECT = /\b(\d{6})\b/;

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
}

/**
 * A real SMTP mailbox on loopback: the provider delivers to it over SMTP exactly as it would to
 * a real mail server, and tests read what a user would find in their inbox.
 */
export class Mailbox {
  private readonly received = new Received<ReceivedMail>();
  readonly messages = this.received.items;
  private server: SMTPServer;
  port = 0;
  /** SMTP connections opened to this mailbox so far. */
  connections = 0;
  /** While set, each message waits for it before the mailbox accepts it (a slow mail server). */
  private held: Promise<void> | undefined;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect: (_session, callback) => {
        this.connections += 1;
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          await this.held;
          const raw = Buffer.concat(chunks).toString('utf8');
          const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            subject,
          });
          callback();
        });
      },
    });
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => {
        const address = this.server.server.address();
        this.port = typeof address === 'object' && address ? address.port : 0;
        resolve();
      });
    });
  }

  /** Holds every message until the returned function is called: the mail server answers late. */
  hold(): () => void {
    let release = () => {};
    this.held = new Promise<void>((resolve) => {
      release = () => {
        this.held = undefined;
        resolve();
      };
    });
    return release;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /**
   * Waits for the next message to `to` that arrives after `since` messages (and whose subject
   * matches `subject`, when given), and returns it.
   */
  waitFor(to: string, since = 0, timeoutMs = 15_000, subject?: RegExp): Promise<ReceivedMail> {
    const match = (m: ReceivedMail) =>
      (m.to.includes(to.toLowerCase()) || m.to.includes(to)) && (!subject || subject.test(m.subject));
    return this.received.waitFor(match, since, timeoutMs, `mail for ${to}`);
  }

  /**
   * The six-digit code of the next code mail to `to` received after `since` messages (other mail,
   * such as a notice that a new device recovered a wallet, is passed over).
   */
  async codeFor(to: string, since = 0): Promise<string> {
    const mail = await this.waitFor(to, since, 15_000, CODE_IN_SUBJECT);
    return CODE_IN_SUBJECT.exec(mail.subject)?.[1] as string;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
