import type { Transporter } from 'nodemailer';
import { CODE_TTL_MS } from '../../../protocol/constants.js';
import { infoRecord, writeLogLine } from '../../log-output.js';
import { type MessageLanguage, textsOf } from '../messages/catalogue.js';
import { escapeHtml, htmlMail, type NoticeMail } from '../messages/html.js';

export interface LoginCodeMail {
  to: string;
  code: string;
  appName: string;
  /** The mail's language (services/messages); English without one. */
  language?: MessageLanguage;
}

export type { NoticeMail } from '../messages/html.js';

/** Delivers login codes and notices. */
export interface Mailer {
  /** Resolves once the mail server has accepted the mail. */
  sendLoginCode(mail: LoginCodeMail): Promise<void>;
  /**
   * Sends in the background, so no request waits for the mail server; a failure goes to
   * `onFailure` (to be logged), never to the visitor. `close` waits for these.
   */
  queueLoginCode(mail: LoginCodeMail, onFailure: (error: unknown) => void): void;
  /** A notice, sent in the background like a code (once it is made, when it is a promise). */
  queueNotice(mail: NoticeMail | Promise<NoticeMail>, onFailure: (error: unknown) => void): void;
  /** Resolves once no queued mail is left to send (delivered or failed). */
  settled(): Promise<void>;
  /** Waits (at most CLOSE_WAIT_MS) for queued mail, then closes the connections. */
  close(): Promise<void>;
  /** One line for the startup banner. */
  readonly description: string;
}

export const DEFAULT_MAIL_FROM = 'Gatehouse <no-reply@localhost>';

const EXPIRY_MINUTES = Math.round(CODE_TTL_MS / 60_000);
/** How long closing waits for mail still being sent. */
const CLOSE_WAIT_MS = 10_000;
/** SMTP connections kept open and reused (nodemailer's pool), and mails sent over one before it is renewed. */
const POOL = { maxConnections: 3, maxMessages: 100 } as const;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** What went wrong with a mail, for the log: the SMTP step and reply code, never the address or the code. */
export function mailFailure(error: unknown): string {
  const { code, command, responseCode } = (error ?? {}) as Record<string, unknown>;
  return [code, command, responseCode].filter((part) => part !== undefined).join(' ') || 'unknown';
}

function loginCodeMessage({ code, appName, language }: LoginCodeMail) {
  const texts = textsOf(language);
  const expiry = texts.loginExpiry(EXPIRY_MINUTES);
  const text = [texts.loginLine(code, appName), '', expiry].join('\n');
  const html = htmlMail(texts, [
    `<p>${escapeHtml(texts.loginIntro(appName))}</p>`,
    `<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p>`,
    `<p>${escapeHtml(expiry)}</p>`,
  ]);
  return { subject: texts.loginSubject(code, appName), text, html };
}

/** The background sending and the wait for it on close, shared by both mailers. */
abstract class QueueingMailer implements Mailer {
  abstract readonly description: string;
  private readonly queued = new Set<Promise<void>>();

  abstract sendLoginCode(mail: LoginCodeMail): Promise<void>;

  protected abstract sendNotice(mail: NoticeMail): Promise<void>;

  queueLoginCode(mail: LoginCodeMail, onFailure: (error: unknown) => void): void {
    this.queue(this.sendLoginCode(mail), onFailure);
  }

  queueNotice(mail: NoticeMail | Promise<NoticeMail>, onFailure: (error: unknown) => void): void {
    this.queue(
      Promise.resolve(mail).then((made) => this.sendNotice(made)),
      onFailure,
    );
  }

  private queue(send: Promise<void>, onFailure: (error: unknown) => void): void {
    const sending = send.catch(onFailure).finally(() => this.queued.delete(sending));
    this.queued.add(sending);
  }

  async settled(): Promise<void> {
    while (this.queued.size > 0) await Promise.allSettled([...this.queued]);
  }

  async close(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_WAIT_MS);
    });
    await Promise.race([this.settled(), timeout]);
    clearTimeout(timer);
    this.disconnect();
  }

  protected disconnect(): void {}
}

/**
 * Real mail through an SMTP server (`smtp://host:port`, `smtps://user:pass@host:port`), over a
 * pool of connections kept open between mails.
 */
class SmtpMailer extends QueueingMailer {
  /** nodemailer's pooled transport, made (and nodemailer loaded) by the first mail, not at start-up. */
  private transport: Promise<Transporter> | undefined;
  private readonly options;
  readonly description: string;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    const url = new URL(smtpUrl);
    const secure = url.protocol === 'smtps:';
    this.options = {
      pool: true,
      ...POOL,
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      // A local relay or test mailbox on this machine speaks plain SMTP.
      ignoreTLS: !secure && LOOPBACK_HOSTS.has(url.hostname),
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
    } as const;
    this.description = `SMTP ${url.protocol}//${url.host}`;
  }

  /** nodemailer's pooled transport, made (and nodemailer loaded) with the first mail. */
  private pooled() {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(this.options),
    );
    return this.transport;
  }

  async sendLoginCode(mail: LoginCodeMail): Promise<void> {
    await (await this.pooled()).sendMail({ from: this.from, to: mail.to, ...loginCodeMessage(mail) });
  }

  protected async sendNotice({ to, subject, text, html }: NoticeMail): Promise<void> {
    await (await this.pooled()).sendMail({ from: this.from, to, subject, text, html });
  }

  protected override disconnect(): void {
    this.transport?.then((transport) => transport.close()).catch(() => {});
  }
}

/** Without SMTP: one JSON record on stdout per code (`dev_code`), for local development. */
class ConsoleMailer extends QueueingMailer {
  readonly description = 'console (no GATEHOUSE_SMTP_URL: login codes are logged here as dev_code)';

  constructor(private readonly write: (line: string) => void = writeLogLine) {
    super();
  }

  async sendLoginCode({ to, code, appName }: LoginCodeMail): Promise<void> {
    this.write(infoRecord('login code', { dev_code: code, to, app: appName }));
  }

  protected async sendNotice({ to, subject }: NoticeMail): Promise<void> {
    this.write(infoRecord('mail', { to, subject }));
  }
}

export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  return smtpUrl ? new SmtpMailer(smtpUrl, from) : new ConsoleMailer();
}
