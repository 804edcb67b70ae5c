/**
 * The mail a user gets when a new device recovers their embedded wallet: whoever
 * recovered it had a login of a few minutes and, with MFA, the second factor; if it was not the
 * user, they learn of it here. The texts are written once, here.
 */
import type { NoticeMail } from '../login/mail.js';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface NewDeviceNotice {
  to: string;
  appName: string;
  address: string;
  /** When the device recovered the wallet, epoch milliseconds. */
  at: number;
}

export function newDeviceMail({ to, appName, address, at }: NewDeviceNotice): NoticeMail {
  const when = new Date(at).toUTCString();
  const subject = `A new device recovered your wallet on ${appName}`;
  const lines = [
    `Your ${appName} wallet ${address} was recovered on a new device (${when}).`,
    'If this was you, there is nothing to do.',
    `If it was not, log in to ${appName}, remove the devices you do not know from your wallet, and secure the way you log in (your email, or two-step verification).`,
  ];
  return {
    to,
    subject,
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}
