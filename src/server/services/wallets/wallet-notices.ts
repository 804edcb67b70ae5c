/**
 * The mail a user gets when a new device recovers their embedded wallet: whoever
 * recovered it had a login of a few minutes and, with MFA, the second factor; if it was not the
 * user, they learn of it here. The texts are in services/messages, in the user's language.
 */
import type { NoticeMail } from '../login/mail.js';
import { dateTimeIn, type MessageLanguage, textsOf } from '../messages/catalogue.js';
import { noticeMail } from '../messages/html.js';

export interface NewDeviceNotice {
  to: string;
  appName: string;
  address: string;
  /** When the device recovered the wallet, epoch milliseconds. */
  at: number;
  language?: MessageLanguage;
}

export function newDeviceMail({ to, appName, address, at, language }: NewDeviceNotice): NoticeMail {
  const texts = textsOf(language);
  return noticeMail(texts, to, texts.newDeviceSubject(appName), [
    texts.newDeviceRecovered(appName, address, dateTimeIn(texts, new Date(at))),
    texts.newDeviceYou,
    texts.newDeviceAdvice(appName),
  ]);
}
