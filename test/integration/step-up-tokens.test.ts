import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  type AuthResult,
  type SessionUpdateResponse,
  type UserWire,
} from '../../src/protocol/api.js';
import { type OAuthWorld, OAuthWorld as World } from './oauth-harness.js';
import { approveByEmail, askRecovery, ticketOf } from './step-up-support.js';
import { creating, newKey } from './wallets-support.js';

/**
 * The rest of chain 1 (a stolen token linking the thief's own way in): a social account linked by
 * OAuth waits on a step-up like the others, and one linked before the wallet existed logs in and
 * confirms nothing. And a stolen refresh token: the tokens it mints are the same session's, and
 * recovery to the thief's device still waits on a factor the thief does not have.
 */
const ALICE = 'alice@example.com';
let world: OAuthWorld;

beforeEach(async () => {
  world = await World.start();
});
afterEach(async () => {
  await world.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const types = (user: UserWire) => user.linked_accounts.map((linked) => linked.type).sort();

/** Alice signed up by email and made a wallet; a day later, a login of hers whose tokens are stolen. */
async function aliceWithWallet() {
  const { h } = world;
  const alice = await h.login(ALICE);
  const key = await newKey();
  await creating(h).createWallet(alice.token, key);
  h.clock.advance(24 * 60 * 60_000);
  return { alice, address: key.address, stolen: await h.login(ALICE) };
}

describe('a token in a thief’s hands', () => {
  it('links no social account of the thief’s without a step-up', async () => {
    const { alice, stolen } = await aliceWithWallet();
    const asked = await world.loginThrough('github', { login: 'thief', linkWith: stolen.token });
    const ticket = ticketOf(asked);
    expect(ticket).toMatchObject({ action: 'link', account: { type: 'github_oauth' } });
    expect(ticket.factors.map((factor) => factor.id)).toEqual(['email']);
    const user = (await world.h.server.gatehouse.users.get(alice.user.id)) as UserWire;
    expect(types(user)).toEqual(['email', 'wallet']);
  });

  it('a social account linked before the wallet logs in, and confirms no new device', async () => {
    const { h } = world;
    const alice = await h.login(ALICE);
    h.clock.advance(60_000);
    const linked = await world.loginThrough('github', { login: 'thief', linkWith: alice.token });
    expect(linked.statusCode, linked.body).toBe(200);
    const key = await newKey();
    await creating(h).createWallet(alice.token, key);
    h.clock.advance(60 * 60_000);

    const viaGithub = await world.loginThrough('github', { login: 'thief' });
    expect(viaGithub.statusCode, viaGithub.body).toBe(200);
    const session = viaGithub.json<AuthResult>();
    expect(session.user.id).toBe(alice.user.id);
    const ticket = ticketOf((await askRecovery(h, session.token, key.address)).response);
    // Only Alice's own email can confirm it: a social login is never a factor.
    expect(ticket.factors.map((factor) => factor.id)).toEqual(['email']);
  });

  it('a refresh token mints tokens that still meet the step-up; the owner’s code lets the device in', async () => {
    const { h } = world;
    const { address, stolen } = await aliceWithWallet();
    h.clock.advance(20 * 24 * 60 * 60_000);
    const refreshed = await h.post(
      API_PATHS.sessions,
      { refresh_token: stolen.refresh_token },
      bearer(stolen.token),
    );
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const token = refreshed.json<SessionUpdateResponse>().token as string;
    const asked = await askRecovery(h, token, address);
    const ticket = ticketOf(asked.response);
    expect(ticket.action).toBe('new_device');
    // The code goes to Alice's mailbox: had she been the one on a new browser, it lets her in.
    await approveByEmail(h, token, ticket.id, ALICE);
    const again = await askRecovery(h, token, address, asked.device);
    expect(again.response.statusCode, again.response.body).toBe(200);
  });
});
