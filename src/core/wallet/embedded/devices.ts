/**
 * `LoginWidget.getWalletDevices()` and `revokeWalletDevice(id)`: the embedded wallet's registered
 * device keys, asked of the frame (which holds this browser's key and marks it `current`), and
 * revoking one, which the frame signs with this browser's key — so the wallet is connected (and
 * recovered, if this browser holds no key) first.
 */
import type { WalletDevice } from '../../../protocol/wallet-device-frame.js';
import { WALLET_FRAME_REQUESTS } from '../../../protocol/wallet-frame.js';
import type { Context } from '../../context.js';
import * as CODES from '../../errors/codes.js';
import { clientError } from '../../errors/gatehouse-error.js';
import { requireToken } from '../../session/require-token.js';
import { WALLET_FLOW_TEXT } from '../../text/wallet-flow.js';
import { connect } from './connect.js';
import { currentWallet, walletState } from './state.js';

function requireAddress(ctx: Context): string {
  const wallet = currentWallet(ctx);
  if (!wallet) throw clientError(CODES.embeddedWalletNotFound, WALLET_FLOW_TEXT.mustHaveWallet);
  return wallet.address;
}

export async function getWalletDevices(ctx: Context): Promise<WalletDevice[]> {
  const accessToken = await requireToken(ctx.session);
  const address = requireAddress(ctx);
  const reply = await walletState(ctx).proxy.request(WALLET_FRAME_REQUESTS.getDevices, {
    accessToken,
    address,
  });
  return reply.devices;
}

export async function revokeWalletDevice(ctx: Context, id: unknown): Promise<WalletDevice[]> {
  await requireToken(ctx.session);
  const address = requireAddress(ctx);
  await connect(ctx, { interactive: true });
  const accessToken = await requireToken(ctx.session);
  const request = { accessToken, address, id: String(id ?? '') };
  return (await walletState(ctx).proxy.request(WALLET_FRAME_REQUESTS.revokeDevice, request)).devices;
}
