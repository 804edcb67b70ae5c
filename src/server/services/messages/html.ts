import type { MessageTexts } from './texts.js';

/** A notice to a user (a new device recovered their wallet, …): plain text and HTML. */
export interface NoticeMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** An HTML mail of `paragraphs` (HTML already), in the language and writing direction of `texts`. */
export function htmlMail(texts: MessageTexts, paragraphs: string[]): string {
  const attributes = `lang="${texts.lang}" dir="${texts.dir}"`;
  return [
    `<!DOCTYPE html>`,
    `<html ${attributes}>`,
    `<body ${attributes}>`,
    ...paragraphs,
    '</body>',
    '</html>',
  ].join('\n');
}

/** A notice of `lines` (plain text, a paragraph each), in the language of `texts`. */
export const noticeMail = (
  texts: MessageTexts,
  to: string,
  subject: string,
  lines: string[],
): NoticeMail => ({
  to,
  subject,
  text: lines.join('\n\n'),
  html: htmlMail(
    texts,
    lines.map((line) => `<p>${escapeHtml(line)}</p>`),
  ),
});
