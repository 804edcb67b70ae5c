import type { FastifyRequest } from 'fastify';
import {
  maskEmail,
  maskPhone,
  STEP_UP_FACTOR_KINDS,
  STEP_UP_PATHS,
  type StepUpAccountWire,
  type StepUpAction,
  type StepUpApprovedResponse,
  type StepUpFactorKind,
  type StepUpSentResponse,
  type StepUpTicketWire,
  stepUpApprovalMessage,
} from '../../protocol/step-up.js';
import { ApiError } from '../errors.js';
import { appOf } from '../http/app-context.js';
import { type Authenticated, authenticate } from '../http/authenticate.js';
import { requireDevice } from '../http/device-proof.js';
import { ADDRESS_SIGNATURE_FIELD, idParams, MFA_CODE_FIELD, PASSKEY_CREDENTIAL } from '../http/fields.js';
import { hitLimit } from '../http/limits.js';
import { messageLanguage } from '../http/message-language.js';
import type { SchemaRequest, SchemaRoutes } from '../http/schema-types.js';
import { embeddedWalletOf, stepUpContext } from '../http/step-up-gate.js';
import { MFA_PROOF } from '../http/wire-schemas.js';
import type { Services } from '../services/index.js';
import { mailFailure } from '../services/login/mail.js';
import type { RateLimit } from '../services/sessions/rate-limit.js';
import { stepUpCodeMail } from '../services/step-up/step-up-notices.js';
import { requireSignedBy } from '../services/wallets/wallet-proofs.js';

const TEN_MINUTES = 10 * 60_000;
/** Codes sent and checked per user: a person needs a few; each code also counts in its channel's lockout. */
const STEP_UP_LIMITS: { sendsPerUser: RateLimit; checksPerUser: RateLimit } = {
  sendsPerUser: { max: 10, windowMs: TEN_MINUTES },
  checksPerUser: { max: 20, windowMs: TEN_MINUTES },
};

const factorField = { type: 'string', enum: [...STEP_UP_FACTOR_KINDS] } as const;
const TICKET = {
  type: 'object',
  required: ['id', 'action', 'account', 'factors', 'expires_at', 'approved_at'],
  properties: {
    id: { type: 'string' },
    action: {
      type: 'string',
      enum: ['new_device', 'link', 'unlink', 'update', 'mfa_enroll', 'mfa_unenroll'],
    },
    account: {
      anyOf: [
        {
          type: 'object',
          required: ['type', 'label'],
          properties: { type: { type: 'string' }, label: { type: 'string' } },
          additionalProperties: false,
        },
        { type: 'null' },
      ],
    },
    factors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'label'],
        properties: { id: factorField, label: { type: 'string' }, available_at: { type: 'integer' } },
        additionalProperties: false,
      },
    },
    expires_at: { type: 'integer' },
    approved_at: { type: ['integer', 'null'] },
  },
  additionalProperties: false,
} as const;
const APPROVED = {
  type: 'object',
  required: ['ticket'],
  properties: { ticket: TICKET, mfa: MFA_PROOF },
  additionalProperties: false,
} as const;
const ticketSchema = { params: idParams, response: { 200: TICKET } } as const;
const sendSchema = {
  params: idParams,
  body: { type: 'object', required: ['factor'], properties: { factor: factorField } },
  response: {
    200: {
      type: 'object',
      required: ['sent_to'],
      properties: { sent_to: { type: 'string', description: 'The masked destination.' } },
      additionalProperties: false,
    },
  },
} as const;
const verifySchema = {
  params: idParams,
  body: {
    type: 'object',
    required: ['factor', 'code'],
    properties: { factor: factorField, code: MFA_CODE_FIELD },
  },
  response: { 200: APPROVED },
} as const;
const walletSchema = {
  params: idParams,
  body: {
    type: 'object',
    required: ['addressSignature'],
    properties: { addressSignature: ADDRESS_SIGNATURE_FIELD },
  },
  response: { 200: APPROVED },
} as const;

const passkeySchema = {
  params: idParams,
  body: { type: 'object', required: ['response'], properties: { response: PASSKEY_CREDENTIAL } },
  response: { 200: APPROVED },
} as const;

/** The user's email or phone account (the contact factors), by factor. */
function contactOf(auth: Authenticated, factor: 'email' | 'phone'): string {
  const account = auth.user.linked_accounts.find((linked) => linked.type === factor) as
    | Record<string, unknown>
    | undefined;
  const value = account?.[factor === 'email' ? 'address' : 'number'];
  if (typeof value !== 'string') throw new ApiError('step_up_factor_unavailable');
  return value;
}

/** The ticket of the route's `:id` in the caller's session, and the user checked against the factor. */
async function ticketOf(
  request: FastifyRequest & { params: { id: string } },
  services: Services,
  factor?: StepUpFactorKind,
) {
  const auth = await authenticate(request, services);
  const context = stepUpContext(request, auth);
  const row = await services.stepUp.find(context, request.params.id);
  if (factor !== undefined) await services.stepUp.requireFactor(context, row, factor);
  return { auth, context, row };
}

/** Sends the code of an email, phone or SMS factor; answers where it went (masked). */
async function send(
  request: SchemaRequest<typeof sendSchema>,
  services: Services,
): Promise<StepUpSentResponse> {
  const { factor } = request.body;
  const { auth, row } = await ticketOf(request, services, factor);
  const app = appOf(request);
  await hitLimit(services, `step_up_send:user:${app.id}:${auth.userId}`, STEP_UP_LIMITS.sendsPerUser);
  if (factor === 'email') {
    const to = contactOf(auth, 'email');
    const code = await services.codes.issue(app.id, 'step_up_email', to);
    const account = row.account === null ? null : (JSON.parse(row.account) as StepUpAccountWire);
    const language = await messageLanguage(request, services.db, { userId: auth.userId });
    const action = row.action as StepUpAction;
    const mail = stepUpCodeMail({ to, code, appName: app.name, action, account, language });
    services.mailer.queueNotice(mail, (error) => {
      request.log.error({ appId: app.id, reason: mailFailure(error) }, 'step-up code mail not delivered');
    });
    return { sent_to: maskEmail(to) };
  }
  const text = async (number: string, code: string): Promise<StepUpSentResponse> => {
    try {
      const language = await messageLanguage(request, services.db, { userId: auth.userId });
      await services.sms.sendVerificationCode(app, number, code, language);
    } catch (error) {
      request.log.error({ err: error }, 'step-up SMS code not delivered');
      throw new ApiError('twilio_verification_failed');
    }
    return { sent_to: maskPhone(number) };
  };
  if (factor === 'phone') {
    const number = contactOf(auth, 'phone');
    return text(number, await services.codes.issue(app.id, 'step_up_sms', number));
  }
  if (factor === 'sms') {
    const { number, code } = await services.mfa.smsVerificationCode(app.id, auth.userId);
    return text(number, code);
  }
  throw new ApiError('invalid_data', 'This factor takes no code to send.');
}

/** Checks the code of the factor; an MFA factor also answers the MFA proof that code is worth. */
async function verify(
  request: SchemaRequest<typeof verifySchema>,
  services: Services,
): Promise<StepUpApprovedResponse> {
  const { factor, code } = request.body;
  const { auth, context, row } = await ticketOf(request, services, factor);
  const app = appOf(request);
  await hitLimit(services, `step_up_check:user:${app.id}:${auth.userId}`, STEP_UP_LIMITS.checksPerUser);
  let mfa: StepUpApprovedResponse['mfa'];
  if (factor === 'email' || factor === 'phone') {
    const channel = factor === 'email' ? 'step_up_email' : 'step_up_sms';
    await services.codes.verifyOrThrow(app.id, channel, contactOf(auth, factor), code);
  } else if (factor === 'totp' || factor === 'sms') {
    const check = factor === 'totp' ? services.mfa.verifyTotp : services.mfa.verifySms;
    await check.call(services.mfa, app.id, auth.userId, code.trim());
    mfa = await services.mfa.issueProof(app.id, auth.userId, auth.claims.sid);
  } else {
    throw new ApiError('invalid_data', 'This factor is not approved with a code.');
  }
  const ticket: StepUpTicketWire = await services.stepUp.approve(context, row, factor);
  return mfa ? { ticket, mfa } : { ticket };
}

/** The `wallet` factor: a registered device of the wallet, and the wallet's key signing the ticket. */
async function approveWithWallet(
  request: SchemaRequest<typeof walletSchema>,
  services: Services,
): Promise<StepUpApprovedResponse> {
  const { auth, context, row } = await ticketOf(request, services, 'wallet');
  const app = appOf(request);
  const account = embeddedWalletOf(auth.user);
  if (!account) throw new ApiError('step_up_factor_unavailable');
  const wallet = await services.wallets.find(app.id, auth.userId, account.address);
  const device = await requireDevice(request, services, auth, wallet.address, 'registered');
  const message = stepUpApprovalMessage({
    address: wallet.address,
    appId: app.id,
    ticket: row.id,
    challenge: device.challenge,
  });
  await requireSignedBy(message, request.body.addressSignature, wallet.address);
  return { ticket: await services.stepUp.approve(context, row, 'wallet') };
}

/**
 * The `passkey` factor: an assertion by one of the user's passkeys (one usable as a factor) over a
 * `verifyInit` challenge of this user and app. With `passkey` as the user's MFA method, that
 * assertion is also the verification the method asks (the same check as `mfa/passkey/verify`):
 * it answers the MFA proof too, as a TOTP code does, so the user touches the passkey once.
 */
async function approveWithPasskey(
  request: SchemaRequest<typeof passkeySchema>,
  services: Services,
): Promise<StepUpApprovedResponse> {
  const { auth, context, row } = await ticketOf(request, services, 'passkey');
  const app = appOf(request);
  await hitLimit(services, `step_up_check:user:${app.id}:${auth.userId}`, STEP_UP_LIMITS.checksPerUser);
  const passkey = await services.passkeys.verifyAssertion(app, 'verify', auth.userId, request.body.response);
  await services.stepUp.requirePasskey(context, row, passkey.credential_id);
  const ticket = await services.stepUp.approve(context, row, 'passkey');
  if (!(await services.mfa.hasEnrolled(auth.userId, 'passkey'))) return { ticket };
  return { ticket, mfa: await services.mfa.issueProof(app.id, auth.userId, auth.claims.sid) };
}

/**
 * The step-up endpoints (protocol/step-up.ts), for the wallet frame only (registered under
 * requireFrameCaller, like the wallet's): a ticket of the caller's session, a code sent to one of
 * its factors, the code checked, the wallet's own approval, or a passkey's.
 */
export function stepUpRoutes(scope: SchemaRoutes, services: Services): void {
  scope.get(
    decodeURIComponent(STEP_UP_PATHS.ticket(':id')),
    { schema: ticketSchema },
    async (request): Promise<StepUpTicketWire> => {
      const { context, row } = await ticketOf(request, services);
      return services.stepUp.wire(context, row);
    },
  );
  scope.post(decodeURIComponent(STEP_UP_PATHS.send(':id')), { schema: sendSchema }, (request) =>
    send(request, services),
  );
  scope.post(decodeURIComponent(STEP_UP_PATHS.verify(':id')), { schema: verifySchema }, (request) =>
    verify(request, services),
  );
  scope.post(
    decodeURIComponent(STEP_UP_PATHS.approveWithWallet(':id')),
    { schema: walletSchema },
    (request) => approveWithWallet(request, services),
  );
  scope.post(
    decodeURIComponent(STEP_UP_PATHS.approveWithPasskey(':id')),
    { schema: passkeySchema },
    (request) => approveWithPasskey(request, services),
  );
}
