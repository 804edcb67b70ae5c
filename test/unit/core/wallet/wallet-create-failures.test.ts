/**
 * The §8 wallet creation texts, as the host receives them from createWallet() and as the creation
 * and password screens show them: no response, the user refresh failing, the wallet missing from
 * the refreshed user, a wallet created without its password, a failed creation behind the password
 * steps, and the token that cannot be had.
 */
import { describe, expect, it, vi } from 'vitest';
import { walletUi } from '../../../../src/core/wallet/embedded/index.js';
import { WalletApiError } from '../../../../src/frame/wallet-api.js';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { screen } from '../../helpers/wallet-flows.js';
import { walletAccountWire } from './ethers-frame.js';
import { walletClient } from './wallet-client.js';

type Client = Awaited<ReturnType<typeof walletClient>>;

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ message: 'resolved' }),
    (error: { code?: string; message: string; type?: string }) => error,
  );

/** The password set in the surface, on the creation screen. */
async function setPassword(client: Client) {
  await client.frame.surface.shows('password-set');
  expect(screen(client.gatehouse)).toBe(SCREENS.embeddedWalletOnAccountCreate);
  await client.frame.surface.password('Secret-123', 'password-set');
}

describe('createWallet() failures (§4.6, §8)', () => {
  it("a frame reply without data: 'walletProxy.create did not send a response.'", async () => {
    const { gatehouse } = await walletClient({
      withWallet: false,
      frame: { override: (m) => (m.type === 'wallet:create' ? { data: undefined } : undefined) },
    });
    expect(await refusal(gatehouse.call('createWallet', []) as Promise<unknown>)).toMatchObject({
      type: 'wallet_error',
      message: 'walletProxy.create did not send a response.',
    });
  });

  it("the user refresh refused: 'Failed to refresh user.'; a refreshed user without the wallet: 'Updated user is missing embedded wallet.'", async () => {
    const refreshed = await walletClient({ withWallet: false });
    refreshed.provider.failures.set('/api/v1/sessions', [400]);
    expect(await refusal(refreshed.gatehouse.call('createWallet', []) as Promise<unknown>)).toMatchObject({
      message: 'Failed to refresh user.',
    });

    const unlinked = await walletClient({
      withWallet: false,
      frame: {
        override: (m) =>
          m.type === 'wallet:create'
            ? { data: { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', recoveryMethod: 'gatehouse' } }
            : undefined,
      },
    });
    expect(await refusal(unlinked.gatehouse.call('createWallet', []) as Promise<unknown>)).toMatchObject({
      code: 'embedded_wallet_not_found',
      message: 'Updated user is missing embedded wallet.',
    });
  });

  it("with requireUserPasswordOnCreate: a wallet that came without its password, then a failed creation ('User wallet creation failed')", async () => {
    let client: Client | undefined;
    client = await walletClient({
      withWallet: false,
      host: { embeddedWallets: { requireUserPasswordOnCreate: true } },
      frame: {
        // The provider kept the wallet under 'gatehouse' recovery: the password was not set.
        link: (address) => {
          for (const user of client?.users.values() ?? [])
            user.linked_accounts.push(walletAccountWire(address, 'gatehouse'));
        },
      },
    });
    const created = refusal(client.gatehouse.call('createWallet', []) as Promise<unknown>);
    await setPassword(client);
    const text = 'User created a wallet but failed to set a password for it';
    expect(await created).toMatchObject({ code: 'unknown_embedded_wallet_error', message: text });
    expect(walletUi(client.gatehouse.ctx).get().password).toMatchObject({ step: 'done', error: text });

    const failing = await walletClient({
      withWallet: false,
      host: { embeddedWallets: { requireUserPasswordOnCreate: true } },
      frame: {
        provider: (m) =>
          m.type === 'wallet:create'
            ? new WalletApiError(400, 'invalid_request', 'recovery is invalid.')
            : undefined,
      },
    });
    const refused = refusal(failing.gatehouse.call('createWallet', []) as Promise<unknown>);
    await setPassword(failing);
    expect(await refused).toMatchObject({ message: 'User wallet creation failed' });
    expect(walletUi(failing.gatehouse.ctx).get().password).toMatchObject({
      step: 'done',
      error: 'User wallet creation failed',
    });
  });

  it("logged in, but no access token can be had any more: 'An error has occured, please login again.'", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = await walletClient({ withWallet: false });
    // Two hours on, the access token has run out and the provider refuses the refresh.
    client.provider.failures.set('/api/v1/sessions', ['missing_or_invalid_token']);
    vi.setSystemTime(Date.now() + 2 * 3600_000);
    const refused = await refusal(client.gatehouse.call('createWallet', []) as Promise<unknown>);
    vi.useRealTimers();
    expect(refused).toMatchObject({ message: 'An error has occured, please login again.' });
  });
});
