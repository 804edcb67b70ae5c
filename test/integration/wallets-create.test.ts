import { describe, expect, it } from 'vitest';
import type { DeviceKey } from '../../src/frame/device-key.js';
import { generateSealKeyPair, openSealed, type Sealed, seal } from '../../src/protocol/sealed-box.js';
import { type RecoveryResponse, WALLET_API_PATHS } from '../../src/protocol/wallet-api.js';
import { ApiError } from '../../src/server/errors.js';
import { approvedRecovery, laterLogin } from './step-up-support.js';
import { expectNoShare, rawRequest, signedRequest } from './wallet-support.js';
import { addressFrom, type Key, newKey, useWallets } from './wallets-support.js';

const w = useWallets();

describe('embedded wallet provider endpoints', () => {
  it('stores a new wallet, adds the wallet account, and releases both shares sealed to a reply key', async () => {
    const key = await newKey();
    const user = await w.createWallet(w.alice.token, { ...key, address: key.address.toLowerCase() } as Key);
    const account = user.linked_accounts.find((a) => a.type === 'wallet');
    expect(account).toMatchObject({
      type: 'wallet',
      address: key.address,
      chain_type: 'ethereum',
      wallet_client: 'gatehouse',
      wallet_client_type: 'gatehouse',
      connector_type: 'embedded',
      recovery_method: 'gatehouse',
    });
    expect(account?.verified_at).toBeTypeOf('number');

    const { response, share } = await w.fetchAuthShare(w.alice.token, key.address);
    expect(response.statusCode).toBe(200);
    expect(share).toEqual(key.auth);

    // A new browser, in a later session of hers, once a code mailed to her approved its key.
    const fresh = await laterLogin(w.h, 'alice@example.com');
    const { response: recovery, reply } = await approvedRecovery(
      w.h,
      fresh.token,
      key.address,
      'alice@example.com',
    );
    expect(recovery.statusCode).toBe(200);
    const body = recovery.json<RecoveryResponse>();
    expect(body.recoveryMethod).toBe('gatehouse');
    const recoveryShare = await openSealed(reply.privateKey, body.recovery as Sealed);
    expect(recoveryShare).toEqual(key.recovery);
    // Silent recovery on a fresh device: the two released shares rebuild the same wallet.
    expect(await addressFrom(share as Uint8Array, recoveryShare)).toBe(key.address);
    // Sealed to the reply key only: another key does not open it.
    const stranger = await generateSealKeyPair();
    await expect(openSealed(stranger.privateKey, body.recovery as Sealed)).rejects.toThrow();
    const metrics = (await w.h.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('gatehouse_wallet_shares_released_total{share="auth"} 1\n');
    expect(metrics).toContain('gatehouse_wallet_shares_released_total{share="recovery"} 1\n');
  });

  it('refuses a second wallet with the spec text', async () => {
    await w.createWallet(w.alice.token, await newKey());
    const second = await newKey();
    const response = await w.create(w.alice.token, second);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'embedded_wallet_already_exists',
      message: 'Only one wallet per user is currently allowed',
    });
    expect((await w.fetchAuthShare(w.alice.token, second.address)).response.statusCode).toBe(404);
  });

  it('two creations at once leave one wallet and refuse the other with the spec text, never a 500', async () => {
    const [first, second] = await Promise.all([newKey(), newKey()]);
    const answers = await Promise.all([w.create(w.alice.token, first), w.create(w.alice.token, second)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400);
    expect(refused?.json()).toMatchObject({ code: 'embedded_wallet_already_exists' });
  });

  it('refuses shares sealed to another key and malformed input, storing nothing', async () => {
    const key = await newKey();
    const stranger = await generateSealKeyPair();
    const wrongKey = await w.create(w.alice.token, key, async (body) => ({
      ...body,
      authShare: await seal(stranger.publicJwk, key.auth),
    }));
    expectNoShare(wrongKey, 400, 'invalid_wallet_share');
    const badAddress = await w.create(w.alice.token, key, (body) => ({
      ...body,
      address: `0x${'g'.repeat(40)}`,
    }));
    expectNoShare(badAddress, 400, 'invalid_data');
    const noBox = await w.create(w.alice.token, key, (body) => ({
      ...body,
      recoveryMethod: 'user-passcode',
    }));
    expectNoShare(noBox, 400, 'invalid_data');
    const complete = {
      address: key.address,
      recoveryMethod: 'gatehouse',
      authShare: {},
      recovery: {},
      addressSignature: '0x',
    };
    const noToken = await rawRequest(w.h, 'POST', WALLET_API_PATHS.create, undefined, complete);
    expectNoShare(noToken, 401, 'missing_or_invalid_token');
    const rows = await w.h.server.gatehouse.db.selectFrom('embedded_wallets').selectAll().execute();
    expect(rows).toEqual([]);
    expect(await w.h.server.gatehouse.db.selectFrom('wallet_devices').selectAll().execute()).toEqual([]);
    // A private JWK as reply key is taken for its public part only; junk is refused.
    await w.createWallet(w.alice.token, key);
    const junk = await signedRequest(
      w.h,
      w.alice.token,
      WALLET_API_PATHS.authShare(key.address),
      w.devices.get(w.alice.token) as DeviceKey,
      () => ({ replyKey: { kty: 'oct' } }),
    );
    expectNoShare(junk, 400, 'invalid_data');
  });

  it('the embedded wallet cannot be unlinked or used to log in', async () => {
    const key = await newKey();
    await w.createWallet(w.alice.token, key);
    const { users } = w.h.server.gatehouse;
    const unlink = users.unlinkAccount(w.h.appId, w.alice.user.id, 'wallet', key.address.toLowerCase());
    await expect(unlink).rejects.toThrow(new ApiError('cannot_unlink_embedded_wallet'));
    await expect(unlink).rejects.toThrow('Cannot unlink an embedded wallet');
    const walletAccount = {
      type: 'wallet',
      subject: key.address.toLowerCase(),
      data: { address: key.address },
    };
    await expect(users.loginWithAccount(w.h.appId, walletAccount)).rejects.toMatchObject({
      code: 'embedded_wallet_not_linkable',
    });
    await expect(users.linkAccount(w.h.appId, w.bob.user.id, walletAccount)).rejects.toMatchObject({
      code: 'embedded_wallet_not_linkable',
    });
    // Alice's email is still her only way in: it cannot be unlinked with the wallet beside it.
    await expect(
      users.unlinkAccount(w.h.appId, w.alice.user.id, 'email', 'alice@example.com'),
    ).rejects.toMatchObject({
      code: 'cannot_unlink_last_account',
    });
  });
});
