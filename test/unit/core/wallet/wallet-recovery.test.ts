/**
 * The embedded wallet in core over a wallet client whose frame holds a real key (ethers): connection and recovery (§4.6).
 */

import { verifyMessage } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletActions, walletUi } from '../../../../src/core/wallet/embedded/index.js';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { screen } from '../../helpers/wallet-flows.js';
import { walletClient } from './wallet-client.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('connection and recovery (§4.6)', () => {
  it("a restored session connects silently; a 'gatehouse' wallet not on this device recovers silently", async () => {
    const client = await walletClient({ frame: { onDevice: false } });
    await vi.waitFor(() =>
      expect(client.frame.received.map((m) => m.type)).toEqual(['wallet:connect', 'wallet:recover']),
    );
    expect(client.frame.received[1]?.data).not.toHaveProperty('recoveryPin');
    expect(screen(client.gatehouse)).toBeNull();
  });

  it('a wallet call while the frame is still loading the key shows EMBEDDED_WALLET_CONNECTING_SCREEN; closing it rejects with 4001', async () => {
    const { gatehouse } = await walletClient({
      frame: { override: (m) => (m.type === 'wallet:connect' ? 'silence' : undefined) },
    });
    const signed = gatehouse.call('signMessage', ['hello']);
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletConnecting));
    expect(walletUi(gatehouse.ctx).get().connecting.status).toBe('connecting');
    gatehouse.ctx.modal.close();
    await expect(signed).rejects.toMatchObject({ code: 4001 });
  });

  it("'user-passcode': the first wallet call opens EMBEDDED_WALLET_RECOVERY_SCREEN; a wrong password is refused, the right one goes on", async () => {
    const client = await walletClient({
      recoveryMethod: 'user-passcode',
      frame: { onDevice: false, password: 'Secret-123' },
    });
    const { gatehouse, frame } = client;
    const signed = gatehouse.call('signMessage', ['hello']) as Promise<string>;
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletRecovery));
    await walletActions(gatehouse.ctx).submitRecoveryPassword('wrong-one');
    expect(walletUi(gatehouse.ctx).get().recovery).toMatchObject({
      busy: false,
      error: 'Invalid recovery password, please try again.',
    });
    await walletActions(gatehouse.ctx).submitRecoveryPassword('Secret-123');
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletSignRequest));
    expect(frame.received.filter((m) => m.type === 'wallet:recover').map((m) => m.data.recoveryPin)).toEqual([
      'wrong-one',
      'Secret-123',
    ]);
    await walletActions(gatehouse.ctx).approveSign();
    expect(verifyMessage('hello', await signed)).toBe(frame.address);
  });
});
