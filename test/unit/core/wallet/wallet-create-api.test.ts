/**
 * The embedded wallet in core over a wallet client whose frame holds a real key (ethers): createWallet() from the API (§6).
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletClient } from './wallet-client.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('embeddedWallets.createOnLogin (§4.2, §6)', () => {
  it('createWallet() from the API: one wallet:create for identical pending calls; a second wallet is refused', async () => {
    const client = await walletClient({ withWallet: false });
    const { gatehouse, frame } = client;
    const [a, b] = await Promise.all([
      gatehouse.call('createWallet', []),
      gatehouse.call('createWallet', []),
    ]);
    expect(a).toMatchObject({ address: frame.address, recoveryMethod: 'gatehouse' });
    expect(b).toEqual(a);
    expect(frame.received.filter((m) => m.type === 'wallet:create')).toHaveLength(1);
    await expect(gatehouse.call('createWallet', [])).rejects.toThrow(
      'Only one wallet per user is currently allowed',
    );
  });
});
