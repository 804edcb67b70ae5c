import { afterEach, describe, expect, it } from 'vitest';
import { MFA_API_PATHS } from '../../src/protocol/mfa-api.js';
import { shown } from '../support/mime.js';
import { twilioForFile } from '../support/twilio.js';
import { type Harness, startHarness } from './harness.js';
import { asFrame } from './mfa-support.js';

const INIT = '/api/v1/passwordless/init';
const AUTHENTICATE = '/api/v1/passwordless/authenticate';
const SMS_INIT = '/api/v1/passwordless_sms/init';
const SMS_AUTHENTICATE = '/api/v1/passwordless_sms/authenticate';
const NUMBER = '+14155550123';
const { peer: twilio, options: twilioOptions } = twilioForFile();
let h: Harness;

afterEach(() => h.close());

async function start(): Promise<Harness> {
  h = await startHarness(twilioOptions());
  await h.server.gatehouse.apps.update(h.appId, [{ field: 'sms_auth', value: true }]);
  return h;
}

/** The login code mail `email` receives for an init with `body` and `headers`, as the user reads it. */
async function codeMail(
  email: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const since = h.mailbox.messages.length;
  const response = await h.post(INIT, { email, ...body }, headers);
  expect(response.statusCode, response.body).toBe(200);
  const mail = shown(await h.mailbox.waitFor(email, since));
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1] as string;
  return { ...mail, code };
}

const storedLocale = async (email: string) => {
  const row = await h.server.gatehouse.db
    .selectFrom('linked_accounts')
    .innerJoin('users', 'users.id', 'linked_accounts.user_id')
    .select('users.locale')
    .where('linked_accounts.subject', '=', email)
    .executeTakeFirst();
  return row?.locale;
};

describe('the language of a login code mail', () => {
  it("is the widget's locale: Japanese for 'ja'", async () => {
    await start();
    const mail = await codeMail('hana@example.com', { locale: 'ja' });
    expect(mail.subject).toBe(`Demoのログインコード：${mail.code}`);
    expect(mail.text).toContain(`Demoのログインコードは${mail.code}です。`);
    expect(mail.text).toContain('有効期限は10分です。');
    expect(mail.html).toContain('<html lang="ja" dir="ltr">');
    expect(mail.html).toContain('Demoのログインコード：');
  });

  it("is Accept-Language's without a locale: Arabic, right to left", async () => {
    await start();
    const mail = await codeMail('samir@example.com', {}, { 'accept-language': 'ar-EG,ar;q=0.9' });
    expect(mail.subject).toBe(`${mail.code} هو رمز تسجيل الدخول إلى Demo`);
    expect(mail.text).toContain('تنتهي صلاحيته خلال 10 دقائق.');
    expect(mail.html).toContain('<body lang="ar" dir="rtl">');
    expect(mail.html).toContain(`>${mail.code}</p>`);
  });

  it('is English for a locale without texts and no Accept-Language', async () => {
    await start();
    const mail = await codeMail('sven@example.com', { locale: 'sv-SE' });
    expect(mail.subject).toBe(`${mail.code} is your login code for Demo`);
    expect(mail.text).toContain(`Your login code for Demo is ${mail.code}.`);
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
  });

  it("is the user's, kept from their login, when a later request names none", async () => {
    await start();
    const email = 'greta@example.com';
    const first = await codeMail(email, { locale: 'de-AT' });
    expect(first.subject).toBe(`${first.code} ist Ihr Anmeldecode für Demo`);
    const login = await h.post(AUTHENTICATE, { email, code: first.code, locale: 'de-AT' });
    expect(login.statusCode, login.body).toBe(200);
    expect(await storedLocale(email)).toBe('de');

    const later = await codeMail(email);
    expect(later.subject).toBe(`${later.code} ist Ihr Anmeldecode für Demo`);
    // The request's own language still comes first.
    const french = await codeMail(email, {}, { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(french.subject).toBe(`${french.code} est votre code de connexion à Demo`);
  });
});

describe('the language of an SMS login code', () => {
  it("is the widget's locale, and the user's for a later code", async () => {
    await start();
    let since = twilio.messages.length;
    expect((await h.post(SMS_INIT, { phoneNumber: NUMBER, locale: 'ko-KR' })).statusCode).toBe(200);
    const code = await twilio.codeFor(NUMBER, since);
    expect(twilio.messages.at(-1)?.body).toBe(`[Demo] 로그인 인증번호: ${code} (10분간 유효)`);
    const login = await h.post(SMS_AUTHENTICATE, { phoneNumber: NUMBER, code }, { 'accept-language': 'tr' });
    expect(login.statusCode, login.body).toBe(200);

    since = twilio.messages.length;
    expect((await h.post(SMS_INIT, { phoneNumber: NUMBER })).statusCode).toBe(200);
    const next = await twilio.codeFor(NUMBER, since);
    expect(twilio.messages.at(-1)?.body).toBe(
      `Demo giriş kodunuz: ${next}. Kodun süresi 10 dakika içinde doluyor.`,
    );
  });
});

describe('the language of a notice', () => {
  it("is the user's stored one when the request that makes it names none", async () => {
    await start();
    const email = 'claire@example.com';
    const first = await codeMail(email, { locale: 'fr-FR' });
    const login = await h.post(AUTHENTICATE, { email, code: first.code, locale: 'fr-FR' });
    expect(login.statusCode, login.body).toBe(200);
    const { token } = login.json<{ token: string }>();

    // A phone linked from a page that names no language (no body field, no Accept-Language).
    let since = twilio.messages.length;
    expect((await h.post(SMS_INIT, { phoneNumber: NUMBER })).statusCode).toBe(200);
    const code = await twilio.codeFor(NUMBER, since);
    since = h.mailbox.messages.length;
    const linked = await h.post(
      '/api/v1/passwordless_sms/link',
      { phoneNumber: NUMBER, code },
      { authorization: `Bearer ${token}` },
    );
    expect(linked.statusCode, linked.body).toBe(200);
    const notice = shown(await h.mailbox.waitFor(email, since));
    expect(notice.subject).toBe('Un nouveau moyen de vous connecter à Demo');
    expect(notice.text).toContain(`${NUMBER} a été associé à votre compte sur Demo`);
    expect(notice.text).toMatch(/avant le \d{1,2} \S+ \d{4} à \d{2}:\d{2} UTC/);
    expect(notice.html).toContain('<html lang="fr" dir="ltr">');
  });
});

describe("the frame's MFA code", () => {
  it("goes by SMS in the user's stored language: the frame names none", async () => {
    await start();
    await h.server.gatehouse.apps.update(h.appId, [{ field: 'mfa_methods', value: ['sms'] }]);
    const email = 'mei@example.com';
    const first = await codeMail(email, { locale: 'zh-CN' });
    const login = await h.post(AUTHENTICATE, { email, code: first.code, locale: 'zh-CN' });
    const { token } = login.json<{ token: string }>();
    const since = twilio.messages.length;
    const init = await asFrame(h, MFA_API_PATHS.smsInit, token, { action: 'enroll', phoneNumber: NUMBER });
    expect(init.statusCode, init.body).toBe(200);
    const code = await twilio.codeFor(NUMBER, since);
    expect(twilio.messages.at(-1)?.body).toBe(`${code} 是您的 Demo 验证码，5 分钟内有效。`);
  });
});

describe('the OpenAPI document', () => {
  it('names the locale field of the calls that send a code and of their logins', async () => {
    await start();
    const document = (await h.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
    }>();
    for (const path of [INIT, AUTHENTICATE, SMS_INIT, SMS_AUTHENTICATE]) {
      const body = document.paths[path]?.post.requestBody.content['application/json']?.schema as {
        properties: Record<string, { type: string; description: string }>;
        required: string[];
      };
      expect(body.properties.locale, path).toMatchObject({ type: 'string' });
      expect(body.properties.locale?.description, path).toContain('BCP 47');
      expect(body.required, path).not.toContain('locale');
    }
  });
});
