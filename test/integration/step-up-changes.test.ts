import { Wallet } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResult, UserWire } from '../../src/protocol/api.js';
import { SIWE_API_PATHS } from '../../src/protocol/siwe-api.js';
import { TwilioPeer, twilioAccount } from '../support/twilio.js';
import { type Harness, startHarness } from './harness.js';
import { siweBody } from './siwe-support.js';
import { approveByEmail, askRecovery, ticketOf } from './step-up-support.js';
import { creating, newKey } from './wallets-support.js';

/**
 * A stolen token, old or fresh, linked the thief's own wallet, email or phone to
 * the victim, then logged in with it and recovered the wallet. For a user with a wallet, a link or
 * an unlink now waits on a step-up; and what a token linked before the wallet existed confirms
 * nothing: a wallet or social login is never a factor, a contact only after the cooldown.
 */
const ALICE = 'alice@example.com';
const THIEF_EMAIL = 'thief@evil.test';
const THIEF_PHONE = '+14155550177';
const account = twilioAccount();
let twilio: TwilioPeer;
let h: Harness;

beforeAll(async () => {
  twilio = new TwilioPeer(account);
  await twilio.start();
});
afterAll(async () => {
  await twilio.stop();
});
beforeEach(async () => {
  h = await startHarness({ twilio: { ...account, from: '+12015550100' }, twilioBaseUrl: twilio.url });
  await h.server.gatehouse.apps.update(h.appId, [
    { field: 'sms_auth', value: true },
    { field: 'wallet_auth', value: true },
  ]);
});
afterEach(async () => {
  await h.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function smsCode(number: string): Promise<string> {
  const since = twilio.messages.length;
  const response = await h.post('/api/v1/passwordless_sms/init', { phoneNumber: number });
  expect(response.statusCode, response.body).toBe(200);
  return twilio.codeFor(number, since);
}

/** Alice, who signed up by email and made a wallet; a day later, a token of hers in a thief's hands. */
async function aliceWithWallet(): Promise<{ alice: AuthResult; address: string; stolen: string }> {
  const alice = await h.login(ALICE);
  const key = await newKey();
  await creating(h).createWallet(alice.token, key);
  h.clock.advance(24 * 60 * 60_000);
  const stolen = (await h.login(ALICE)).token;
  return { alice, address: key.address, stolen };
}

const types = (user: UserWire) => user.linked_accounts.map((linked) => linked.type).sort();

describe('a user with a wallet', () => {
  it("refuses to link the thief's wallet, email or phone without a step-up, and spends no code or nonce doing so", async () => {
    const { alice, stolen } = await aliceWithWallet();
    const thiefWallet = Wallet.createRandom();
    const siwe = await siweBody(h, thiefWallet);
    const ticket = ticketOf(await h.post(SIWE_API_PATHS.link, siwe, bearer(stolen)));
    expect(ticket).toMatchObject({ action: 'link', account: { type: 'wallet', label: thiefWallet.address } });
    expect(ticket.factors.map((f) => f.id)).toEqual(['email']);

    const emailCode = await h.requestCode(THIEF_EMAIL);
    const email = await h.post(
      '/api/v1/passwordless/link',
      { email: THIEF_EMAIL, code: emailCode },
      bearer(stolen),
    );
    expect(ticketOf(email).account).toEqual({ type: 'email', label: THIEF_EMAIL });

    const phoneCode = await smsCode(THIEF_PHONE);
    const phone = { phoneNumber: THIEF_PHONE, code: phoneCode };
    const phoneTicket = ticketOf(await h.post('/api/v1/passwordless_sms/link', phone, bearer(stolen)));
    expect(phoneTicket.account).toEqual({ type: 'phone', label: THIEF_PHONE });

    // Nothing was linked.
    expect(types((await h.server.gatehouse.users.get(alice.user.id)) as UserWire)).toEqual([
      'email',
      'wallet',
    ]);
    // The code was not spent: approved (from Alice's mailbox, which the thief does not read), the
    // same request links — once: the approval is spent by it.
    await approveByEmail(h, stolen, phoneTicket.id, ALICE);
    const linked = await h.post('/api/v1/passwordless_sms/link', phone, bearer(stolen));
    expect(linked.statusCode, linked.body).toBe(200);
    expect(types(linked.json<UserWire>())).toEqual(['email', 'phone', 'wallet']);
    const unlink = await h.post(
      '/api/v1/passwordless_sms/unlink',
      { phoneNumber: THIEF_PHONE },
      bearer(stolen),
    );
    expect(ticketOf(unlink).action).toBe('unlink');
  });

  it('an approval covers exactly the change it names', async () => {
    const { stolen } = await aliceWithWallet();
    const code = await h.requestCode('mine@example.com');
    const asked = ticketOf(
      await h.post('/api/v1/passwordless/link', { email: 'mine@example.com', code }, bearer(stolen)),
    );
    await approveByEmail(h, stolen, asked.id, ALICE);
    const otherCode = await h.requestCode(THIEF_EMAIL);
    const other = await h.post(
      '/api/v1/passwordless/link',
      { email: THIEF_EMAIL, code: otherCode },
      bearer(stolen),
    );
    expect(ticketOf(other).id).not.toBe(asked.id);
  });
});

describe('what a token linked before there was a wallet', () => {
  it('a wallet or a phone the thief linked, then logs in with, confirms no new device', async () => {
    const alice = await h.login(ALICE);
    h.clock.advance(60_000);
    const thiefWallet = Wallet.createRandom();
    const linked = await h.post(SIWE_API_PATHS.link, await siweBody(h, thiefWallet), bearer(alice.token));
    expect(linked.statusCode, linked.body).toBe(200);
    const phone = { phoneNumber: THIEF_PHONE, code: await smsCode(THIEF_PHONE) };
    expect((await h.post('/api/v1/passwordless_sms/link', phone, bearer(alice.token))).statusCode).toBe(200);
    const key = await newKey();
    await creating(h).createWallet(alice.token, key);
    h.clock.advance(60 * 60_000);

    // The thief logs in as Alice with the wallet it linked: a login, and nothing more.
    const viaWallet = await h.post(SIWE_API_PATHS.authenticate, await siweBody(h, thiefWallet));
    expect(viaWallet.statusCode, viaWallet.body).toBe(200);
    const ticket = ticketOf((await askRecovery(h, viaWallet.json<AuthResult>().token, key.address)).response);
    // Alice's signup email can approve; the phone is still in its cooldown; a wallet is never a factor.
    expect(ticket.factors.map((f) => f.id)).toEqual(['email', 'phone']);
    expect(ticket.factors[1]?.available_at).toBeGreaterThan(Date.now() / 1000);
    const sent = await h.inject({
      method: 'POST',
      url: `/api/v1/step_up/tickets/${ticket.id}/send`,
      headers: {
        ...bearer(viaWallet.json<AuthResult>().token),
        'gatehouse-app-id': h.appId,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ factor: 'phone' }),
    });
    expect(sent.statusCode).toBe(403);
    expect(sent.json<{ code: string }>().code).toBe('step_up_factor_unavailable');

    // Alice heard of both links when they were made, while they still could confirm nothing.
    const notices = () =>
      h.mailbox.messages.filter((m) => m.to.includes(ALICE) && m.subject === 'A new way to log in to Demo');
    await expect.poll(() => notices().length).toBe(2);
    const raw = notices()
      .map((m) => m.raw.replace(/=\r?\n/g, ''))
      .join('\n');
    expect(raw).toContain(`${thiefWallet.address} was added to your account on Demo`);
    expect(raw).toContain(`${THIEF_PHONE} was added to your account on Demo`);
    expect(raw).toContain('until then it cannot be used to confirm it is you');
  });
});
