import { describe, expect, it } from 'vitest';
import { walletSettingsOf } from '../../../../src/core/settings/wallet.js';
import { createOnLoginOf } from '../../../../src/core/settings/wallet-creation.js';
import { validateWalletConfig } from '../../../../src/core/wallet/host-config.js';
import type { AppConfigWire } from '../../../../src/protocol/api.js';
import type { HostConfig } from '../../../../src/protocol/client.js';
import { appConfig } from '../../helpers/fake-provider.js';

const app = (wallet: Partial<AppConfigWire['embedded_wallet_config']>, rest: Partial<AppConfigWire> = {}) =>
  appConfig({ ...rest, embedded_wallet_config: { ...appConfig().embedded_wallet_config, ...wallet } });

describe('createOnLogin: the host over the app', () => {
  it("takes the app's setting when the host says nothing", () => {
    expect(createOnLoginOf(app({ create_on_login: 'all-users' }), {})).toBe('all-users');
  });

  it("lets the host's embeddedWallets.createOnLogin win, 'off' included", () => {
    const host = { embeddedWallets: { createOnLogin: 'off' as const } };
    expect(createOnLoginOf(app({ create_on_login: 'all-users' }), host)).toBe('off');
    expect(createOnLoginOf(null, { embeddedWallets: { createOnLogin: 'users-without-wallets' } })).toBe(
      'users-without-wallets',
    );
  });

  it('is unset (no wallet made) before the app configuration arrives', () => {
    expect(createOnLoginOf(null, {})).toBeUndefined();
  });
});

describe('wallet settings: the host over the app, then the defaults', () => {
  it('asks no password, prompts every signature, shows dollars first and waits for receipts by default', () => {
    expect(walletSettingsOf(null, {})).toEqual({
      requirePassword: false,
      recovery: 'default',
      noPrompt: false,
      priceDisplay: { primary: 'fiat-currency', secondary: 'native-token' },
      fiat: true,
      waitForConfirmation: true,
      enforceWalletUis: false,
    });
  });

  it("follows the app's wallet config where the host says nothing", () => {
    const settings = walletSettingsOf(
      app(
        { require_user_password_on_create: true, no_prompt_on_signature: true },
        { enforce_wallet_uis: true },
      ),
      {},
    );
    expect(settings).toMatchObject({ requirePassword: true, noPrompt: true, enforceWalletUis: true });
  });

  it("lets the host's embeddedWallets override the app's", () => {
    const settings = walletSettingsOf(
      app({ require_user_password_on_create: true, no_prompt_on_signature: true }),
      {
        embeddedWallets: {
          requireUserPasswordOnCreate: false,
          noPromptOnSignature: false,
          priceDisplay: { primary: 'native-token', secondary: 'fiat-currency' },
        },
        waitForTransactionConfirmation: false,
      },
    );
    expect(settings).toMatchObject({
      requirePassword: false,
      noPrompt: false,
      fiat: false,
      waitForConfirmation: false,
    });
  });

  it("takes the app's passkey recovery, and a host's embeddedWallets.recovery over it", () => {
    expect(walletSettingsOf(app({ recovery: 'passkey' }), {}).recovery).toBe('passkey');
    const host = { embeddedWallets: { recovery: 'default' as const } };
    expect(walletSettingsOf(app({ recovery: 'passkey' }), host).recovery).toBe('default');
    expect(walletSettingsOf(app({}), { embeddedWallets: { recovery: 'passkey' } }).recovery).toBe('passkey');
  });

  it('refuses an embeddedWallets.recovery it does not know at init (invalid_config)', () => {
    expect(() => validateWalletConfig({ embeddedWallets: { recovery: 'passkey' } })).not.toThrow();
    const wrong = { embeddedWallets: { recovery: 'sometimes' } } as unknown as HostConfig;
    expect(() => validateWalletConfig(wrong)).toThrow(expect.objectContaining({ code: 'invalid_config' }));
  });
});
