/**
 * The console's Users section, on SQLite and PostgreSQL: refused without an operator's session,
 * with a stale CSRF token or from another origin; users found by email, phone, wallet address and
 * id, a page at a time; their sessions revoked (one, all: the refresh then fails), an MFA method
 * removed, a wallet's device revoked, the user deleted only with their id or email typed; one
 * audit row per change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/protocol/api.js';
import { CONSOLE_API_PATHS as PATHS } from '../../src/protocol/console.js';
import type { ConsoleUserDetail, ConsoleUserPage } from '../../src/protocol/console-users.js';
import { expectError, type OperatorSession, operatorClient, signInOperator } from './console-operator.js';
import { type Harness, PUBLIC_URL, startHarness } from './harness.js';
import { enrolTotp } from './mfa-support.js';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

let h: Harness;
let operator: OperatorSession;
const { send, auditOf } = operatorClient(
  () => h,
  () => operator,
);
beforeAll(async () => {
  h = await startHarness({ console: true });
  await h.server.gatehouse.apps.update(h.appId, [{ field: 'mfa_methods', value: ['totp'] }]);
  operator = await signInOperator(h);
});
afterAll(() => h?.close());

const usersPath = (query = '') => `${PATHS.apps}/${h.appId}/users${query}`;
const userPath = (id: string, rest = '') => `${PATHS.apps}/${h.appId}/users/${id}${rest}`;
const search = async (q: string, extra = '') =>
  (await send('GET', usersPath(`?q=${encodeURIComponent(q)}${extra}`))).json<ConsoleUserPage>();
const detail = async (id: string) => (await send('GET', userPath(id))).json<ConsoleUserDetail>();
const refresh = (token: string) => h.post(API_PATHS.sessions, { refresh_token: token });

/** An embedded wallet of `address` with one registered device `device`; with `accounts`, its `wallet` account and a phone. */
async function giveWallet(userId: string, address: string, device: string, accounts = false): Promise<void> {
  const { db } = h.server.gatehouse;
  const now = h.clock.now();
  const wallet = { address, recovery_method: 'gatehouse', auth_share: '{}', recovery: '{}' };
  await db
    .insertInto('embedded_wallets')
    .values({ user_id: userId, app_id: h.appId, ...wallet, created_at: now, updated_at: now })
    .execute();
  const key = { public_jwk: '{}', created_at: now, last_used_at: null, revoked_at: null };
  await db
    .insertInto('wallet_devices')
    .values({ id: device, app_id: h.appId, user_id: userId, address, ...key })
    .execute();
  if (!accounts) return;
  const account = {
    user_id: userId,
    app_id: h.appId,
    first_verified_at: now,
    latest_verified_at: now,
    data: '{}',
  };
  await db
    .insertInto('linked_accounts')
    .values([
      { ...account, id: 'walletaccount0000000000001', type: 'wallet', subject: address.toLowerCase() },
      { ...account, id: 'phoneaccount00000000000001', type: 'phone', subject: '+12015550123' },
    ])
    .execute();
}

describe('the console users API', () => {
  it('refuses without an operator session, with a stale CSRF token, and from another origin', async () => {
    const user = await h.login('nobody@example.com');
    const anonymous = await h.inject({ method: 'GET', url: usersPath(), headers: { origin: PUBLIC_URL } });
    expectError(anonymous, 401, 'console_session_required');
    expectError(
      await send('DELETE', userPath(user.user.id, '/sessions'), undefined, { 'x-gatehouse-csrf': 'stale' }),
      403,
      'console_csrf_invalid',
    );
    expectError(
      await send('GET', usersPath(), undefined, { origin: 'https://evil.example' }),
      403,
      'console_origin_refused',
    );
    expectError(
      await send('DELETE', userPath(user.user.id, '/sessions'), undefined, {
        origin: 'https://evil.example',
      }),
      403,
      'console_origin_refused',
    );
    expect(await auditOf(user.user.id)).toEqual([]);
    expect((await refresh(user.refresh_token)).json()).toMatchObject({ session_update_action: 'set' });
  });

  it('answers bad input with invalid_data and unknown ids with 404, never a 500', async () => {
    expectError(await send('GET', usersPath('?limit=0')), 400, 'invalid_data');
    expectError(await send('GET', usersPath('?cursor=%25%25')), 400, 'invalid_data');
    expectError(await send('GET', `${PATHS.apps}/nosuchapp/users`), 404, 'app_not_found');
    expectError(await send('GET', userPath('nosuchuser')), 404, 'user_not_found');
    expectError(await send('DELETE', userPath('nosuchuser', '/mfa/fax')), 400, 'invalid_data');
    expectError(await send('DELETE', userPath('nosuchuser'), { confirm: 1 }), 400, 'invalid_data');
  });

  it('finds users by email (any case, its start), phone, wallet address and id, a page at a time', async () => {
    const ada = await h.login('ada.search@example.com');
    await h.login('ada.second@example.com');
    await h.login('ada.third@example.com');
    await giveWallet(ada.user.id, ADDRESS, 'device-one', true);
    expect((await search('ADA.Search@Example.com')).data.map((row) => row.id)).toEqual([ada.user.id]);
    const first = await search('ada.', '&limit=2');
    expect(first.data.map((row) => row.accounts[0]?.subject)).toEqual([
      'ada.search@example.com',
      'ada.second@example.com',
    ]);
    const second = await search('ada.', `&limit=2&cursor=${first.next_cursor}`);
    expect(second.data.map((row) => row.accounts[0]?.subject)).toEqual(['ada.third@example.com']);
    expect(second.next_cursor).toBeNull();
    for (const q of ['+1 201 555 0123', ADDRESS, ADDRESS.slice(0, 12), ada.user.id])
      expect(
        (await search(q)).data.map((row) => row.id),
        q,
      ).toEqual([ada.user.id]);
    expect((await search('nobody.here@')).data).toEqual([]);
    const newest = await search('', '&limit=1');
    expect(newest.data).toHaveLength(1);
    expect((await search('', `&limit=50&cursor=${newest.next_cursor}`)).data.length).toBeGreaterThan(2);
  });

  it("shows a user's page and revokes one session, then all (their refresh then fails)", async () => {
    const one = await h.login('grace@example.com');
    const two = await h.login('grace@example.com');
    const page = await detail(one.user.id);
    expect(page.accounts).toMatchObject([{ type: 'email', subject: 'grace@example.com' }]);
    expect(page.sessions).toHaveLength(2);
    expect(page.logins).toHaveLength(2);
    h.clock.advance(60_000);
    const sessionOf = (await refresh(one.refresh_token)).json<{ refresh_token: string }>();
    const sid = (
      JSON.parse(Buffer.from(one.token.split('.')[1] as string, 'base64url').toString()) as { sid: string }
    ).sid;
    expect((await detail(one.user.id)).sessions.some((s) => s.last_refresh_at !== null)).toBe(true);
    expect((await send('DELETE', userPath(one.user.id, `/sessions/${sid}`))).statusCode).toBe(200);
    expectError(await send('DELETE', userPath(one.user.id, `/sessions/${sid}`)), 404, 'not_found');
    expectError(await refresh(sessionOf.refresh_token), 401, 'missing_or_invalid_token');
    const kept = await refresh(two.refresh_token);
    expect(kept.json()).toMatchObject({ session_update_action: 'set' });
    const all = await send('DELETE', userPath(one.user.id, '/sessions'));
    expect(all.json()).toEqual({ revoked: 1 });
    expect((await detail(one.user.id)).sessions).toEqual([]);
    expectError(
      await refresh(kept.json<{ refresh_token: string }>().refresh_token),
      401,
      'missing_or_invalid_token',
    );
    const actions = (await auditOf(one.user.id)).map((row) => [row.action, row.actor]);
    expect(actions).toEqual([
      ['user.session_revoke', 'cli'],
      ['user.sessions_revoke', 'cli'],
    ]);
  });

  it("removes an MFA method and revokes a wallet's device, each audited", async () => {
    const linus = await h.login('linus@example.com');
    await enrolTotp(h, linus.token);
    await giveWallet(linus.user.id, '0x0000000000000000000000000000000000000002', 'device-two');
    expect((await detail(linus.user.id)).mfa).toMatchObject([{ type: 'totp' }]);
    expect((await send('DELETE', userPath(linus.user.id, '/mfa/totp'))).statusCode).toBe(200);
    expect((await detail(linus.user.id)).mfa).toEqual([]);
    expectError(await send('DELETE', userPath(linus.user.id, '/mfa/totp')), 400, 'mfa_not_enrolled');
    expect((await detail(linus.user.id)).wallet?.devices.map((d) => d.id)).toEqual(['device-two']);
    expect((await send('DELETE', userPath(linus.user.id, '/devices/device-two'))).statusCode).toBe(200);
    expect((await detail(linus.user.id)).wallet?.devices).toEqual([]);
    expectError(await send('DELETE', userPath(linus.user.id, '/devices/device-two')), 404, 'not_found');
    expect(await auditOf(linus.user.id)).toMatchObject([
      { action: 'user.mfa_remove', before: { mfa: 'totp' }, after: null },
      { action: 'user.device_revoke', after: { device: 'device-two', revoked: true } },
    ]);
  });

  it('deletes a user only with their id or email typed exactly', async () => {
    const mary = await h.login('mary@example.com');
    for (const confirm of ['', 'Mary@example.com', ` ${mary.user.id}`])
      expectError(await send('DELETE', userPath(mary.user.id), { confirm }), 400, 'console_confirm_mismatch');
    expect((await detail(mary.user.id)).id).toBe(mary.user.id);
    const deleted = await send('DELETE', userPath(mary.user.id), { confirm: 'mary@example.com' });
    expect(deleted.json()).toEqual({ success: true });
    expectError(await send('GET', userPath(mary.user.id)), 404, 'user_not_found');
    expectError(await refresh(mary.refresh_token), 401, 'missing_or_invalid_token');
    expect(await auditOf(mary.user.id)).toMatchObject([
      {
        action: 'user.delete',
        before: { app_id: h.appId, accounts: ['email:mary@example.com'] },
        after: null,
      },
    ]);
  });
});
