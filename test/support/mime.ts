/**
 * What a mail client shows of a raw message from the Mailbox: its subject with the encoded words
 * (RFC 2047) decoded, and each text part (plain, HTML) with its transfer encoding undone.
 */
import type { ReceivedMail } from './mailbox.js';

const decodeQ = (text: string) =>
  Buffer.from(
    text
      .replace(/_/g, ' ')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** A header's value, unfolded, its encoded words decoded (adjacent ones joined without their space). */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQ(text),
    );
}

const header = (head: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim() ?? '';

function decodeBody(head: string, body: string): string {
  const encoding = header(head, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQ(body.replace(/=\r?\n/g, '').replace(/_/g, '=5F'));
  return body;
}

export interface ShownMail {
  subject: string;
  text: string;
  html: string;
}

export function shown(mail: ReceivedMail): ShownMail {
  const split = (part: string) => {
    const at = part.search(/\r?\n\r?\n/);
    return { head: part.slice(0, at), body: part.slice(at).replace(/^\r?\n\r?\n/, '') };
  };
  const { head, body } = split(mail.raw);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head.replace(/\r?\n[ \t]+/g, ' '))?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1).map(split) : [{ head, body }];
  const part = (type: string) => {
    const found = parts.find((p) => header(p.head, 'Content-Type').startsWith(type));
    return found ? decodeBody(found.head, found.body.trim()) : '';
  };
  return {
    subject: decodeHeader(header(head, 'Subject')),
    text: part('text/plain'),
    html: part('text/html'),
  };
}
