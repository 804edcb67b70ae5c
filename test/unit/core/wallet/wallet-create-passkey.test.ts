/**
 * An app whose new wallets are under the user's passkey (`embedded_wallet_config.recovery`):
 * `wallet:create` asks the frame for 'passkey' (the password as its fallback when the app requires
 * one), the wallet is reported as 'passkey', and where the frame could not seal it so the created
 * screen says what protects the wallet instead and stays until the user closes it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WALLET_FLOW_TEXT } from '../../../../src/core/text/wallet-flow.js';
import { walletUi } from '../../../../src/core/wallet/embedded/index.js';
import { DEFAULT_APP_CONFIG } from '../../../../src/protocol/app-config.js';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { loginByEmail, screen, successes } from '../../helpers/wallet-flows.js';
import type { EthersFrameOptions } from './ethers-frame.js';
import { walletClient } from './wallet-client.js';

afterEach(() => {
  vi.useRealTimers();
});

const walletConfig = (more: { require_user_password_on_create?: boolean } = {}) => ({
  embedded_wallet_config: {
    ...DEFAULT_APP_CONFIG.embedded_wallet_config,
    create_on_login: 'all-users' as const,
    recovery: 'passkey' as const,
    ...more,
  },
});

async function passkeyApp(frame: EthersFrameOptions = {}, requirePassword = false) {
  return walletClient({
    withWallet: false,
    loggedIn: false,
    app: walletConfig({ require_user_password_on_create: requirePassword }),
    frame,
  });
}

const creates = (client: Awaited<ReturnType<typeof walletClient>>) =>
  client.frame.received.filter((m) => m.type === 'wallet:create').map((m) => m.data);

describe("embedded_wallet_config.recovery 'passkey'", () => {
  it("a login's wallet is asked under the passkey and reported as 'passkey'", async () => {
    const client = await passkeyApp();
    await loginByEmail(client, 'bob@example.com');
    await vi.waitFor(() => expect(screen(client.gatehouse)).toBe(SCREENS.embeddedWalletCreated), {
      timeout: 3000,
    });
    expect(creates(client)).toEqual([
      expect.objectContaining({ recoveryMethod: 'passkey', automatic: true }),
    ]);
    expect(creates(client)[0]).not.toHaveProperty('fallback');
    expect(client.created).toEqual([expect.objectContaining({ recoveryMethod: 'passkey' })]);
    expect(successes(client)[0]?.user.wallet).toMatchObject({ recoveryMethod: 'passkey' });
    expect(walletUi(client.gatehouse.ctx).get().create.notice).toBeNull();
  });

  it('without a PRF output: a silent-recovery wallet, and the created screen says why and stays', async () => {
    const client = await passkeyApp({ passkey: 'unavailable' });
    await loginByEmail(client, 'bob@example.com');
    await vi.waitFor(() => expect(screen(client.gatehouse)).toBe(SCREENS.embeddedWalletCreated), {
      timeout: 3000,
    });
    expect(client.created).toEqual([expect.objectContaining({ recoveryMethod: 'gatehouse' })]);
    expect(walletUi(client.gatehouse.ctx).get().create).toMatchObject({
      status: 'created',
      notice: WALLET_FLOW_TEXT.passkeyFallback.unavailable.login,
    });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(screen(client.gatehouse)).toBe(SCREENS.embeddedWalletCreated);
  });

  it('a password required: asked as the fallback only, set in the surface when the passkey was skipped', async () => {
    const client = await passkeyApp({ passkey: 'skipped' }, true);
    await loginByEmail(client, 'bob@example.com');
    expect(await client.frame.surface.shows('password-set')).toMatchObject({ purpose: 'create' });
    expect(screen(client.gatehouse)).toBe(SCREENS.embeddedWalletOnAccountCreate);
    await client.frame.surface.password('Secret-123', 'password-set');
    await vi.waitFor(() => expect(successes(client)).toHaveLength(1), { timeout: 3000 });
    expect(creates(client)).toEqual([
      expect.objectContaining({ recoveryMethod: 'passkey', fallback: 'user-passcode' }),
    ]);
    expect(client.created).toEqual([expect.objectContaining({ recoveryMethod: 'user-passcode' })]);
    expect(walletUi(client.gatehouse.ctx).get().create.notice).toBe(
      WALLET_FLOW_TEXT.passkeyFallback.skipped.password,
    );
  });

  it('createWallet() opens the modal for the passkey and resolves with the wallet', async () => {
    const client = await walletClient({
      withWallet: false,
      app: walletConfig(),
      frame: { passkey: 'unavailable' },
    });
    const wallet = await client.gatehouse.call('createWallet', []);
    expect(wallet).toMatchObject({ address: client.frame.address, recoveryMethod: 'gatehouse' });
    expect(creates(client)).toEqual([
      expect.objectContaining({ recoveryMethod: 'passkey', automatic: false }),
    ]);
    expect(screen(client.gatehouse)).toBe(SCREENS.embeddedWalletCreated);
    expect(walletUi(client.gatehouse.ctx).get().create.notice).toBe(
      WALLET_FLOW_TEXT.passkeyFallback.unavailable.login,
    );
  });
});
