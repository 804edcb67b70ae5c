import nodemailer, { type Transporter } from 'nodemailer';
import { CODE_TTL_MS } from '../../protocol/constants.js';

export interface LoginCodeMail {
  to: string;
  code: string;
  appName: string;
}

/** Delivers login codes. */
export interface Mailer {
  sendLoginCode(mail: LoginCodeMail): Promise<void>;
  close(): void;
  /** One line for the startup banner. */
  readonly description: string;
}

export const DEFAULT_MAIL_FROM = 'Gatehouse <no-reply@localhost>';

const EXPIRY_MINUTES = Math.round(CODE_TTL_MS / 60_000);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function loginCodeMessage({ code, appName }: LoginCodeMail) {
  const subject = `${code} is your login code for ${appName}`;
  const text = [
    `Your login code for ${appName} is ${code}.`,
    '',
    `It expires in ${EXPIRY_MINUTES} minutes. If you did not try to log in, you can ignore this email.`,
  ].join('\n');
  const html = [
    `<p>Your login code for ${escapeHtml(appName)} is:</p>`,
    `<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p>`,
    `<p>It expires in ${EXPIRY_MINUTES} minutes. If you did not try to log in, you can ignore this email.</p>`,
  ].join('\n');
  return { subject, text, html };
}

/** Real mail through an SMTP server (`smtp://host:port`, `smtps://user:pass@host:port`). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  readonly description: string;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    const url = new URL(smtpUrl);
    const secure = url.protocol === 'smtps:';
    this.transport = nodemailer.createTransport({
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      // A local relay or test mailbox on this machine speaks plain SMTP.
      ignoreTLS: !secure && LOOPBACK_HOSTS.has(url.hostname),
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
    });
    this.description = `SMTP ${url.protocol}//${url.host}`;
  }

  async sendLoginCode(mail: LoginCodeMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, ...loginCodeMessage(mail) });
  }

  close(): void {
    this.transport.close();
  }
}

/** Without SMTP: one line on stdout per code, for local development. */
export class ConsoleMailer implements Mailer {
  readonly description = 'console (no GATEHOUSE_SMTP_URL: login codes are printed here)';

  constructor(private readonly write: (line: string) => void = (line) => process.stdout.write(line)) {}

  async sendLoginCode({ to, code, appName }: LoginCodeMail): Promise<void> {
    this.write(`[gatehouse] Login code for ${to} (app ${appName}): ${code}\n`);
  }

  close(): void {}
}

export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  return smtpUrl ? new SmtpMailer(smtpUrl, from) : new ConsoleMailer();
}
