import type { UserWire } from '../../../protocol/api.js';
import {
  FARCASTER_ACCOUNT_TYPE,
  type FarcasterAccountFields,
  type FarcasterSignerResponse,
  type FarcasterSignerStatus,
} from '../../../protocol/farcaster.js';
import { EMBEDDED_WALLET_CLIENT_TYPE, WALLET_ACCOUNT_TYPE } from '../../../protocol/wallet-api.js';
import { type Db, lockedTransaction } from '../../db/database.js';
import { lockKeys } from '../../db/lock-keys.js';
import type { FarcasterSignersTable } from '../../db/schema/farcaster.js';
import { ApiError } from '../../errors.js';
import type { Clock } from '../clock.js';
import { randomId, type Secrets } from '../crypto.js';
import { linkedAccount } from '../users/user-queries.js';
import type { FarcasterSettings } from './settings.js';
import type { SignedKeyRequest, SignerApiClient } from './signer-api.js';

/** How long the user has to approve a signer: the signed key request's deadline (24 h, as Farcaster advises). */
export const FARCASTER_SIGNER_REQUEST_TTL_MS = 24 * 60 * 60_000;
const ID_LENGTH = 25;

/** The user's Farcaster account (§3): its fid and approved signer, when the user has one. */
function farcasterAccountOf(
  user: UserWire,
): Pick<FarcasterAccountFields, 'fid' | 'signer_public_key'> | null {
  const account = user.linked_accounts.find((a) => a.type === FARCASTER_ACCOUNT_TYPE) as
    | Record<string, unknown>
    | undefined;
  if (!account || typeof account.fid !== 'number') return null;
  const key = account.signer_public_key;
  return { fid: account.fid, signer_public_key: typeof key === 'string' ? key : null };
}

/** §5: Farcaster actions need an embedded wallet and a Farcaster account; the account's fid. */
export function requireFarcasterUser(user: UserWire): { fid: number; signerPublicKey: string | null } {
  const embedded = user.linked_accounts.some(
    (a) => a.type === WALLET_ACCOUNT_TYPE && a.wallet_client_type === EMBEDDED_WALLET_CLIENT_TYPE,
  );
  if (!embedded) throw new ApiError('embedded_wallet_required');
  const account = farcasterAccountOf(user);
  if (!account) throw new ApiError('farcaster_account_required');
  return { fid: account.fid, signerPublicKey: account.signer_public_key };
}

type SignerRow = Pick<
  FarcasterSignersTable,
  'id' | 'public_key' | 'request_token' | 'approval_url' | 'status'
> & {
  deadline: number | string | bigint;
};

const answer = (row: SignerRow, status = row.status as FarcasterSignerStatus): FarcasterSignerResponse => ({
  public_key: row.public_key,
  status,
  signer_approval_url: status === 'pending_approval' ? row.approval_url : null,
});

/**
 * Signers (§4.4): the frame's Ed25519 key, vouched for by the app's Farcaster identity in a
 * signed key request the user approves in their Farcaster app. Approved when the request is
 * completed by the user's own fid (the key is then on chain for that fid), revoked when it is
 * refused, gone or completed by another fid, expired (farcaster_signer_expired) past its deadline.
 */
export class FarcasterSigners {
  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly settings: FarcasterSettings,
    private readonly api: SignerApiClient,
    private readonly now: Clock,
  ) {}

  private row(appId: string, userId: string, key: string): Promise<SignerRow | undefined> {
    return this.db
      .selectFrom('farcaster_signers')
      .select(['id', 'public_key', 'request_token', 'approval_url', 'status', 'deadline'])
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .where('public_key', '=', key)
      .executeTakeFirst();
  }

  /** The signer key kept on the fid's account in this app, so a new login does not drop it. */
  async keptSigner(appId: string, fid: number): Promise<string | null> {
    const row = await linkedAccount(this.db, appId, { type: FARCASTER_ACCOUNT_TYPE, subject: String(fid) });
    const key = row ? (JSON.parse(row.data) as Record<string, unknown>).signer_public_key : null;
    return typeof key === 'string' ? key : null;
  }

  /** Whether the user approved `key` (0x-hex) for this app: a device's signer may sign for them. */
  async isApproved(appId: string, userId: string, key: string): Promise<boolean> {
    const row = await this.row(appId, userId, key.toLowerCase());
    return row?.status === 'approved';
  }

  /** Forgets the user's signers (their Farcaster account was unlinked: the approvals were its). */
  async forget(appId: string, userId: string): Promise<void> {
    await this.db
      .deleteFrom('farcaster_signers')
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Asks the user to approve `key` (or answers the request already made for it, while it lasts). */
  async init(appId: string, user: UserWire, key: string): Promise<FarcasterSignerResponse> {
    const { fid } = requireFarcasterUser(user);
    const existing = await this.row(appId, user.id, key);
    if (existing && (existing.status !== 'pending_approval' || Number(existing.deadline) > this.now())) {
      return this.refresh(appId, user.id, fid, existing);
    }
    const identity = await this.settings.identity(appId);
    if (!identity) throw new ApiError('farcaster_signer_unavailable');
    const { signerApiUrl } = await this.settings.endpoints(appId);
    const deadline = this.now() + FARCASTER_SIGNER_REQUEST_TTL_MS;
    const request = await this.api.create(signerApiUrl, identity, key, Math.floor(deadline / 1000));
    const now = this.now();
    const values = {
      request_token: this.secrets.encrypt(request.token),
      approval_url: request.deeplinkUrl,
      deadline,
      status: 'pending_approval',
      updated_at: now,
    };
    if (existing) {
      await this.db.updateTable('farcaster_signers').set(values).where('id', '=', existing.id).execute();
    } else {
      await this.db
        .insertInto('farcaster_signers')
        .values({
          id: randomId(ID_LENGTH),
          app_id: appId,
          user_id: user.id,
          public_key: key,
          created_at: now,
          ...values,
        })
        .execute();
    }
    return answer({ id: '', public_key: key, ...values });
  }

  /** §7 `signer/status`: the request's state now; not_found for a key never requested by this user. */
  async status(appId: string, user: UserWire, key: string): Promise<FarcasterSignerResponse> {
    const { fid } = requireFarcasterUser(user);
    const row = await this.row(appId, user.id, key);
    if (!row) throw new ApiError('not_found', 'This user asked for no signer with this key.');
    return this.refresh(appId, user.id, fid, row);
  }

  private async refresh(appId: string, userId: string, fid: number, row: SignerRow) {
    if (row.status !== 'pending_approval') return answer(row);
    const { signerApiUrl } = await this.settings.endpoints(appId);
    const request = await this.api.read(signerApiUrl, this.secrets.decrypt(row.request_token));
    const status = this.statusOf(request, fid);
    if (status === 'pending_approval' && Number(row.deadline) <= this.now()) {
      throw new ApiError('farcaster_signer_expired');
    }
    if (status !== 'pending_approval') await this.settle(appId, userId, row, status);
    return answer(row, status);
  }

  private statusOf(request: SignedKeyRequest | null, fid: number): FarcasterSignerStatus {
    if (!request) return 'revoked';
    if (request.state === 'pending' || request.state === 'approved') return 'pending_approval';
    return request.state === 'completed' && request.userFid === fid ? 'approved' : 'revoked';
  }

  /** Records the outcome; an approval makes the key the user's signer (`signerPublicKey`, §3). */
  private async settle(appId: string, userId: string, row: SignerRow, status: FarcasterSignerStatus) {
    // Keyed by the user: the Farcaster account's data is read, then written back with the key.
    await lockedTransaction(this.db, [lockKeys.user(userId)], async (trx) => {
      await trx
        .updateTable('farcaster_signers')
        .set({ status, updated_at: this.now() })
        .where('id', '=', row.id)
        .execute();
      if (status !== 'approved') return;
      const account = await trx
        .selectFrom('linked_accounts')
        .select(['id', 'data'])
        .where('app_id', '=', appId)
        .where('user_id', '=', userId)
        .where('type', '=', FARCASTER_ACCOUNT_TYPE)
        .executeTakeFirst();
      if (!account) return;
      const data = { ...(JSON.parse(account.data) as object), signer_public_key: row.public_key };
      await trx
        .updateTable('linked_accounts')
        .set({ data: JSON.stringify(data) })
        .where('id', '=', account.id)
        .execute();
    });
  }
}
