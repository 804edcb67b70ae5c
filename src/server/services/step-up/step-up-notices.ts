/**
 * The mails of the step-up (services/step-up/step-up.ts), in the user's language (texts in
 * services/messages). The code mail says what the code approves, so a person asked by someone else
 * to read it out knows what they would give away. The change notice tells the user of a way in
 * added without a step-up (they had no wallet yet), while it still waits out the cooldown and can
 * confirm nothing.
 */
import { CODE_TTL_MS } from '../../../protocol/constants.js';
import type { StepUpAccountWire, StepUpAction } from '../../../protocol/step-up.js';
import type { NoticeMail } from '../login/mail.js';
import { dateTimeIn, type MessageLanguage, textsOf } from '../messages/catalogue.js';
import { noticeMail } from '../messages/html.js';
import type { MessageTexts } from '../messages/texts.js';

const MINUTES = Math.round(CODE_TTL_MS / 60_000);

/** What the code approves, as a clause: 'load your wallet on a new device'. */
function stepUpPurpose(texts: MessageTexts, action: StepUpAction, account: StepUpAccountWire | null): string {
  const label = account ? `${account.label}` : '';
  switch (action) {
    case 'new_device':
      return texts.purposeNewDevice;
    case 'link':
      return texts.purposeLink(label);
    case 'unlink':
      return texts.purposeUnlink(label);
    case 'update':
      return texts.purposeUpdate(label);
    case 'mfa_enroll':
      return texts.purposeMfaEnroll;
    case 'mfa_unenroll':
      return texts.purposeMfaUnenroll;
  }
}

export function stepUpCodeMail(fields: {
  to: string;
  code: string;
  appName: string;
  action: StepUpAction;
  account: StepUpAccountWire | null;
  language?: MessageLanguage;
}): NoticeMail {
  const { to, code, appName } = fields;
  const texts = textsOf(fields.language);
  const purpose = stepUpPurpose(texts, fields.action, fields.account);
  return noticeMail(texts, to, texts.stepUpSubject(code, appName), [
    texts.stepUpAsked(purpose, appName, code),
    texts.codeExpiry(MINUTES),
    texts.stepUpNotYou(purpose, appName),
  ]);
}

/** A change made without a step-up: a way to log in added, or the email moved, told to the user's email. */
export function changeNoticeMail(fields: {
  to: string;
  appName: string;
  action: 'link' | 'update';
  account: StepUpAccountWire;
  /** When it could first confirm it is the user (the end of the cooldown), for a date in the mail. */
  usableFrom: Date;
  language?: MessageLanguage;
}): NoticeMail {
  const { to, appName, account } = fields;
  const texts = textsOf(fields.language);
  const update = fields.action === 'update';
  const subject = update ? texts.changeUpdatedSubject(appName) : texts.changeLinkedSubject(appName);
  return noticeMail(texts, to, subject, [
    update ? texts.changeUpdated(appName, account.label) : texts.changeLinked(appName, account.label),
    texts.changeAdvice(appName, dateTimeIn(texts, fields.usableFrom)),
  ]);
}
