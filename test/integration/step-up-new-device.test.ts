import { describe, expect, it } from 'vitest';
import { newDeviceKey } from '../../src/frame/device-key.js';
import { openSealed } from '../../src/protocol/sealed-box.js';
import type { RecoveryResponse } from '../../src/protocol/wallet-api.js';
import {
  approveByEmail,
  askRecovery,
  expectRefused,
  sendCode,
  ticketOf,
  verifyCode,
} from './step-up-support.js';
import { addressFrom, newKey, useWallets } from './wallets-support.js';

/**
 * A login is not enough for a new device: a script on the host page is present
 * at every login, so a token however fresh gets no recovery share. The share goes to a device key
 * only once a factor the page cannot produce — here a code mailed to the email the user signed up
 * with — approved a ticket of that session for that very key.
 */
const ALICE = 'alice@example.com';
const w = useWallets();

/** Alice's wallet, made in her first session; then a new login, a little later, as on another browser. */
async function walletAndNewLogin() {
  const key = await newKey();
  await w.createWallet(w.alice.token, key);
  w.h.clock.advance(5_000);
  return { key, fresh: await w.h.login(ALICE) };
}

describe('recovery on a new device', () => {
  it('is refused to a token minutes old: the answer is a ticket for that key, with the factors that can approve it', async () => {
    const { key, fresh } = await walletAndNewLogin();
    const { response } = await askRecovery(w.h, fresh.token, key.address);
    const ticket = ticketOf(response);
    expect(ticket.action).toBe('new_device');
    expect(ticket.account).toBeNull();
    expect(ticket.approved_at).toBeNull();
    expect(ticket.factors).toEqual([{ id: 'email', label: 'a•••@example.com' }]);
    expect(response.body).not.toContain('"ct"');
  });

  it('goes through once a code mailed to the signup email approves it; the mail says what it approves', async () => {
    const { key, fresh } = await walletAndNewLogin();
    const first = await askRecovery(w.h, fresh.token, key.address);
    const ticket = ticketOf(first.response);

    const since = w.h.mailbox.messages.length;
    const approved = await approveByEmail(w.h, fresh.token, ticket.id, ALICE);
    expect(approved.ticket.approved_at).not.toBeNull();
    expect(approved.mfa).toBeUndefined();
    const mail = w.h.mailbox.messages.slice(since).find((m) => m.to.includes(ALICE));
    expect(mail?.raw).toMatch(/load your wallet on a new device/);

    // The same key recovers (and may retry); the recovery share rebuilds the key with the auth share.
    const again = await askRecovery(w.h, fresh.token, key.address, first.device);
    expect(again.response.statusCode, again.response.body).toBe(200);
    const recovery = again.response.json<RecoveryResponse>();
    const share = await openSealed(again.reply.privateKey, recovery.recovery as never);
    expect(await addressFrom(share, key.auth)).toBe(key.address);
    const retry = await askRecovery(w.h, fresh.token, key.address, first.device);
    expect(retry.response.statusCode).toBe(200);

    // Another key of the same session is another ticket.
    const other = await askRecovery(w.h, fresh.token, key.address, await newDeviceKey());
    expect(ticketOf(other.response).id).not.toBe(ticket.id);
  });

  it('an approval of one session opens nothing in another, and a ticket of one session is not found in another', async () => {
    const { key, fresh: mine } = await walletAndNewLogin();
    const thief = await w.h.login(ALICE);
    const device = await newDeviceKey();
    const ticket = ticketOf((await askRecovery(w.h, mine.token, key.address, device)).response);
    await approveByEmail(w.h, mine.token, ticket.id, ALICE);
    // The thief's session, with the very device key (say it could copy it), gets a ticket of its own.
    const stolen = await askRecovery(w.h, thief.token, key.address, device);
    expect(ticketOf(stolen.response).id).not.toBe(ticket.id);
    expectRefused(await sendCode(w.h, thief.token, ticket.id, 'email'), 404, 'not_found');
  });

  it('refuses a wrong code, a factor the user does not have, and a ticket that expired', async () => {
    const { key, fresh } = await walletAndNewLogin();
    const ticket = ticketOf((await askRecovery(w.h, fresh.token, key.address)).response);
    expect((await sendCode(w.h, fresh.token, ticket.id, 'email')).statusCode).toBe(200);
    expectRefused(
      await verifyCode(w.h, fresh.token, ticket.id, 'email', '000000'),
      422,
      'invalid_credentials',
    );
    expectRefused(await sendCode(w.h, fresh.token, ticket.id, 'phone'), 403, 'step_up_factor_unavailable');
    expectRefused(await sendCode(w.h, fresh.token, ticket.id, 'wallet'), 403, 'step_up_factor_unavailable');
    w.h.clock.advance(11 * 60_000);
    expectRefused(await sendCode(w.h, fresh.token, ticket.id, 'email'), 404, 'not_found');
  });
});
