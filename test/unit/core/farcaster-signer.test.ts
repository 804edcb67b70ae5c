import { describe, expect, it } from 'vitest';
import { farcasterShortcut, toFarcasterAccount } from '../../../src/core/farcaster/account.js';
import { FarcasterFlowError } from '../../../src/core/farcaster/errors.js';
import { farcasterRequirementError } from '../../../src/core/farcaster/requirements.js';
import { pollFarcasterSigner } from '../../../src/core/farcaster/signer-poller.js';
import { FARCASTER_UI_TEXT } from '../../../src/core/text/farcaster.js';
import type { LinkedAccountWire } from '../../../src/protocol/api.js';
import {
  FARCASTER_SIGNER_TIMEOUT_MS,
  FARCASTER_TEXTS,
  type FarcasterSignerResponse,
  type FarcasterSignerStatus,
} from '../../../src/protocol/farcaster.js';
import { fakeTime } from '../helpers/fake-time.js';

const KEY = `0x${'ab'.repeat(32)}`;
const signer = (status: FarcasterSignerStatus): FarcasterSignerResponse => ({
  public_key: KEY,
  status,
  signer_approval_url: status === 'pending_approval' ? 'https://farcaster.xyz/~/approve' : null,
});

const statuses = (...list: FarcasterSignerStatus[]) => {
  let i = 0;
  return async () => signer(list[Math.min(i++, list.length - 1)] as FarcasterSignerStatus);
};

describe('the Farcaster signer poll', () => {
  it('polls every 2 s until the user approves', async () => {
    const time = fakeTime();
    await expect(
      pollFarcasterSigner({ check: statuses('pending_approval', 'pending_approval', 'approved'), ...time }),
    ).resolves.toEqual(signer('approved'));
    expect(time.sleeps).toEqual([2000, 2000]);
  });

  it("says 'Request rejected' when the user refuses", async () => {
    const error = await pollFarcasterSigner({
      check: statuses('pending_approval', 'revoked'),
      ...fakeTime(),
    }).catch((e) => e);
    expect(error).toBeInstanceOf(FarcasterFlowError);
    expect(error).toMatchObject({
      code: 'farcaster_signer_rejected',
      title: 'Request rejected',
      detail: 'The request was rejected. Please try again.',
    });
  });

  it("says 'Connect failed' with the timeout detail after 300 s, or when the request expired", async () => {
    const time = fakeTime();
    const timedOut = await pollFarcasterSigner({ check: statuses('pending_approval'), ...time }).catch(
      (e) => e,
    );
    expect(timedOut).toMatchObject({
      code: 'farcaster_signer_timeout',
      title: 'Connect failed',
      detail: FARCASTER_UI_TEXT.connectTimeout,
    });
    expect(time.now()).toBe(FARCASTER_SIGNER_TIMEOUT_MS);
    const expired = async (): Promise<FarcasterSignerResponse> => {
      throw Object.assign(new Error('expired'), { code: 'farcaster_signer_expired' });
    };
    await expect(pollFarcasterSigner({ check: expired, ...fakeTime() })).rejects.toMatchObject({
      code: 'farcaster_signer_timeout',
    });
  });

  it("says 'Connect failed' / 'Something went wrong. Please try again.' on any other failure, and stops when aborted", async () => {
    const broken = async (): Promise<FarcasterSignerResponse> => {
      throw new Error('network down');
    };
    const error = await pollFarcasterSigner({ check: broken, ...fakeTime() }).catch((e) => e);
    expect(error).toMatchObject({
      title: 'Connect failed',
      detail: 'Something went wrong. Please try again.',
    });
    expect((error as Error).cause).toMatchObject({ message: 'network down' });
    const controller = new AbortController();
    controller.abort();
    await expect(
      pollFarcasterSigner({ check: statuses('approved'), signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the farcaster account on the client (§3)', () => {
  const wire = (fid: number, latest: number, signerKey: string | null): LinkedAccountWire => ({
    type: 'farcaster',
    fid,
    owner_address: '0x0000000000000000000000000000000000000001',
    username: `user${fid}`,
    display_name: null,
    bio: '',
    pfp: 'https://images.example/p.png',
    url: `https://farcaster.xyz/user${fid}`,
    signer_public_key: signerKey,
    verified_at: 100,
    first_verified_at: 100,
    latest_verified_at: latest,
  });

  it('maps the wire fields and takes the most recently verified account as user.farcaster', () => {
    const accounts = [wire(1, 200, null), wire(2, 300, KEY)].map(toFarcasterAccount);
    expect(accounts[1]).toEqual({
      type: 'farcaster',
      fid: 2,
      ownerAddress: '0x0000000000000000000000000000000000000001',
      displayName: null,
      username: 'user2',
      bio: null,
      pfp: 'https://images.example/p.png',
      url: 'https://farcaster.xyz/user2',
      signerPublicKey: KEY,
      verifiedAt: new Date(100_000),
      firstVerifiedAt: new Date(100_000),
      latestVerifiedAt: new Date(300_000),
    });
    expect(farcasterShortcut(accounts.filter((a) => a !== null))).toMatchObject({
      fid: 2,
      signerPublicKey: KEY,
    });
    expect(farcasterShortcut([])).toBeUndefined();
    expect(
      toFarcasterAccount({
        type: 'email',
        address: 'a@b.c',
        verified_at: 1,
        first_verified_at: null,
        latest_verified_at: null,
      }),
    ).toBeNull();
  });

  it('says what a user lacks for Farcaster actions (§5)', () => {
    const embedded = { walletClientType: 'gatehouse' };
    expect(farcasterRequirementError({}, false)).toEqual({
      code: 'embedded_wallet_required',
      message: FARCASTER_TEXTS.embeddedWalletRequired,
    });
    expect(farcasterRequirementError({ wallet: { walletClientType: 'metamask' } }, false)?.code).toBe(
      'embedded_wallet_required',
    );
    expect(farcasterRequirementError({ wallet: embedded }, false)?.code).toBe('farcaster_account_required');
    expect(
      farcasterRequirementError({ wallet: embedded, farcaster: { signerPublicKey: null } }, false),
    ).toBeNull();
    expect(
      farcasterRequirementError({ wallet: embedded, farcaster: { signerPublicKey: null } }, true),
    ).toEqual({
      code: 'farcaster_signer_required',
      message: FARCASTER_TEXTS.signerRequired,
    });
    expect(
      farcasterRequirementError({ wallet: embedded, farcaster: { signerPublicKey: KEY } }, true),
    ).toBeNull();
  });
});
