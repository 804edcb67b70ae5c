import { type RecoveryMethod, WALLET_ACCOUNT_TYPE } from '../../../protocol/wallet-api.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors.js';
import { randomId } from '../crypto.js';
import { linkedAccount } from '../users/user-queries.js';
import { walletAccountData } from './wallet-input.js';

const LINKED_ACCOUNT_ID_LENGTH = 25;

interface NewWalletAccount {
  appId: string;
  userId: string;
  address: string;
  recoveryMethod: RecoveryMethod;
  now: number;
}

/** The `wallet` linked account of a new embedded wallet, refused when another user holds the address. */
export async function addWalletAccount(trx: Db, wallet: NewWalletAccount): Promise<void> {
  const { appId, userId, address, now } = wallet;
  const subject = address.toLowerCase();
  const taken = await linkedAccount(trx, appId, { type: WALLET_ACCOUNT_TYPE, subject });
  if (taken) throw new ApiError('linked_to_another_user');
  await trx
    .insertInto('linked_accounts')
    .values({
      id: randomId(LINKED_ACCOUNT_ID_LENGTH),
      user_id: userId,
      app_id: appId,
      type: WALLET_ACCOUNT_TYPE,
      subject,
      data: JSON.stringify(walletAccountData(address, wallet.recoveryMethod)),
      first_verified_at: now,
      latest_verified_at: now,
    })
    .execute();
}
