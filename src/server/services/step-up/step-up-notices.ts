/**
 * The mails of the step-up (services/step-up/step-up.ts), texts written once, here. The code mail says
 * what the code approves, so a person asked by someone else to read it out knows what they would
 * give away. The change notice tells the user of a way in added without a step-up (they had no
 * wallet yet), while it still waits out the cooldown and can confirm nothing.
 */
import { CODE_TTL_MS } from '../../../protocol/constants.js';
import type { StepUpAccountWire, StepUpAction } from '../../../protocol/step-up.js';
import type { NoticeMail } from '../login/mail.js';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const MINUTES = Math.round(CODE_TTL_MS / 60_000);

/** What the code approves, as a clause: 'load your wallet on a new device'. */
function stepUpPurpose(action: StepUpAction, account: StepUpAccountWire | null): string {
  const label = account ? `${account.label}` : '';
  switch (action) {
    case 'new_device':
      return 'load your wallet on a new device';
    case 'link':
      return `add ${label} to your account`;
    case 'unlink':
      return `remove ${label} from your account`;
    case 'update':
      return `change your email address to ${label}`;
    case 'mfa_enroll':
      return 'add a new two-step verification method';
    case 'mfa_unenroll':
      return 'remove a two-step verification method';
  }
}

export function stepUpCodeMail(fields: {
  to: string;
  code: string;
  appName: string;
  action: StepUpAction;
  account: StepUpAccountWire | null;
}): NoticeMail {
  const { to, code, appName } = fields;
  const purpose = stepUpPurpose(fields.action, fields.account);
  const lines = [
    `Someone asked to ${purpose} on ${appName}. If it was you, enter this code where you were asked for it: ${code}`,
    `It expires in ${MINUTES} minutes.`,
    `If it was not you, do not give this code to anyone: whoever asks for it could ${purpose}. Log out of ${appName} on the devices you do not know.`,
  ];
  return {
    to,
    subject: `${code} is your code to confirm it's you on ${appName}`,
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}

/** A change made without a step-up: a way to log in added, or the email moved, told to the user's email. */
export function changeNoticeMail(fields: {
  to: string;
  appName: string;
  action: 'link' | 'update';
  account: StepUpAccountWire;
  /** When it could first confirm it is the user (the end of the cooldown), for a date in the mail. */
  usableFrom: Date;
}): NoticeMail {
  const { to, appName, account } = fields;
  const what =
    fields.action === 'update'
      ? `Your email address on ${appName} was changed to ${account.label}.`
      : `${account.label} was added to your account on ${appName}: it can now log in as you.`;
  const until = fields.usableFrom.toUTCString();
  const lines = [
    what,
    `If it was you, there is nothing to do. If it was not, log in to ${appName} and remove it before ${until}: until then it cannot be used to confirm it is you, for a new device or a change.`,
  ];
  return {
    to,
    subject:
      fields.action === 'update'
        ? `Your email address on ${appName} was changed`
        : `A new way to log in to ${appName}`,
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}
