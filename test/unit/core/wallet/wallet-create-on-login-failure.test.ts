/**
 * The embedded wallet in core over a wallet client whose frame holds a real key (ethers): a failed creation on login (§4.2, §6).
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletUi } from '../../../../src/core/wallet/embedded/index.js';
import { loginByEmail, successes } from '../../helpers/wallet-flows.js';
import { walletClient } from './wallet-client.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('embeddedWallets.createOnLogin (§4.2, §6)', () => {
  it('a failed creation logs the user out and fires login:error; the screen says "We\'re on it. Please try again later." for the provider\'s failure', async () => {
    const client = await walletClient({
      withWallet: false,
      loggedIn: false,
      host: { embeddedWallets: { createOnLogin: 'all-users' } },
      frame: {
        override: (m) =>
          m.type === 'wallet:create'
            ? { error: { type: 'error', message: 'Embedded wallet error' } }
            : undefined,
      },
    });
    await loginByEmail(client, 'bob@example.com');
    await vi.waitFor(() => expect(client.events.seen.map((e) => e.name)).toContain('login:error'), {
      timeout: 3000,
    });
    expect(client.gatehouse.ctx.stores.$authenticated.get()).toBe(false);
    expect(client.events.seen.map((e) => e.name)).toContain('logout');
    expect(successes(client)).toHaveLength(0);
    expect(walletUi(client.gatehouse.ctx).get().create).toMatchObject({
      status: 'error',
      error: "We're on it. Please try again later.",
    });
  });
});
