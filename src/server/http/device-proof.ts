import type { FastifyRequest } from 'fastify';
import { DEVICE_PROOF_HEADER } from '../../protocol/wallet-device.js';
import type { Services } from '../services/index.js';
import { mailFailure } from '../services/login/mail.js';
import type { VerifiedDevice } from '../services/wallets/wallet-devices.js';
import { newDeviceMail } from '../services/wallets/wallet-notices.js';
import { appOf } from './app-context.js';
import type { Authenticated } from './authenticate.js';
import { messageLanguage } from './message-language.js';

/**
 * The device proof of this request (DEVICE_PROOF_HEADER) for the wallet at `address`, over this
 * very method, path and body, by a device key registered for it (`registered`) or by the key the
 * request registers (`register`). Its challenge is spent. See services/wallets/wallet-devices.ts.
 */
export function requireDevice(
  request: FastifyRequest,
  services: Services,
  auth: Authenticated,
  address: string,
  mode: 'registered' | 'register',
): Promise<VerifiedDevice> {
  const request_ = {
    appId: appOf(request).id,
    userId: auth.userId,
    sessionId: auth.claims.sid,
    address,
    method: request.method,
    path: request.url.split('?')[0] ?? '',
    body: request.rawBody ?? '',
  };
  return services.devices.verify(request.headers[DEVICE_PROOF_HEADER], request_, mode);
}

/** Mails the user (their email account, if any) that a new device recovered their wallet. */
export function notifyNewDevice(
  request: FastifyRequest,
  services: Services,
  auth: Authenticated,
  address: string,
): void {
  const account = auth.user.linked_accounts.find((linked) => linked.type === 'email');
  const email = account?.type === 'email' ? account.address : undefined;
  const app = appOf(request);
  if (typeof email !== 'string') {
    request.log.info({ appId: app.id }, 'new wallet device: the user has no email to tell');
    return;
  }
  const at = services.now();
  const mail = messageLanguage(request, services.db, { userId: auth.userId }).then((language) =>
    newDeviceMail({ to: email, appName: app.name, address, at, language }),
  );
  services.mailer.queueNotice(mail, (error) => {
    request.log.error({ appId: app.id, reason: mailFailure(error) }, 'new wallet device mail not delivered');
  });
}
