import { describe, expect, it } from 'vitest';
import { DEFAULT_WALLET_LIST, type LoginOption, loginLayout } from '../../../src/core/login/layout.js';
import { hasLoginMethod } from '../../../src/core/login/methods.js';
import type { AppConfigWire, HostConfig } from '../../../src/protocol/index.js';
import { appConfig } from '../helpers/fake-provider.js';

const everything: Partial<AppConfigWire> = {
  email_auth: true,
  sms_auth: true,
  google_oauth: true,
  twitter_oauth: true,
  discord_oauth: true,
  github_oauth: true,
  apple_oauth: true,
  wallet_auth: true,
  farcaster_auth: true,
};

/** The wallet list entry of the default walletList (§3). */
const DEFAULT_WALLETS: LoginOption = {
  type: 'wallets',
  wallets: DEFAULT_WALLET_LIST.filter((wallet) => wallet !== 'wallet_connect'),
};

const names = (options: LoginOption[] = []) =>
  options.map((o) => (o.type === 'oauth' ? o.provider : o.type === 'open' ? `>${o.view}` : o.type));

describe('LANDING layout (§2.3, §5)', () => {
  it('orders by the primary list, shows at most 5, else 4 and More options with the rest', () => {
    const app = appConfig(everything);
    const five = loginLayout(app, {
      loginMethodsAndOrder: { primary: ['google', 'email', 'sms', 'github', 'discord'] },
    });
    expect(names(five.primary)).toEqual(['google', 'email', 'sms', 'github', 'discord']);
    expect(five.views).toEqual({});

    const six = loginLayout(app, {
      loginMethodsAndOrder: { primary: ['google', 'email', 'sms', 'github', 'discord', 'apple'] },
    });
    expect(names(six.primary)).toEqual(['google', 'email', 'sms', 'github', '>overflow']);
    expect(names(six.views.overflow)).toEqual(['discord', 'apple']);

    const withOverflow = loginLayout(app, {
      loginMethodsAndOrder: { primary: ['email', 'google'], overflow: ['twitter', 'sms'] },
    });
    expect(names(withOverflow.primary)).toEqual(['email', 'google', '>overflow']);
    expect(names(withOverflow.views.overflow)).toEqual(['twitter', 'sms']);
    expect(withOverflow.variant).toBe('list');
  });

  it('drops methods the app has switched off; Farcaster stays when the app allows it', () => {
    const app = appConfig({ email_auth: true, google_oauth: true, wallet_auth: true, farcaster_auth: true });
    const layout = loginLayout(app, {
      loginMethodsAndOrder: { primary: ['metamask', 'sms', 'google', 'farcaster', 'email', 'rainbow'] },
    });
    expect(names(layout.primary)).toEqual(['wallets', 'google', 'farcaster', 'email']);
    expect(layout.primary[0]).toEqual({ type: 'wallets', wallets: ['metamask', 'rainbow'] });
  });

  it('groups the wallets into one wallet list entry; WalletConnect alone gives none', () => {
    const app = appConfig({ email_auth: true, wallet_auth: true });
    expect(loginLayout(app, {}).primary).toEqual([{ type: 'email' }, DEFAULT_WALLETS]);
    const first = loginLayout(app, {
      appearance: { showWalletLoginFirst: true, walletList: ['okx_wallet'] },
    });
    expect(first.primary).toEqual([{ type: 'wallets', wallets: ['okx_wallet'] }, { type: 'email' }]);
    expect(loginLayout(app, { appearance: { walletList: ['wallet_connect'] } }).primary).toEqual([
      { type: 'email' },
    ]);
  });

  it('without an order: the host loginMethods (or the spec order) that the app allows', () => {
    const app = appConfig(everything);
    expect(names(loginLayout(app, { loginMethods: ['sms', 'email', 'github'] }).primary)).toEqual([
      'sms',
      'email',
      'github',
    ]);
    const all = loginLayout(app, {});
    expect(names(all.primary)).toEqual(['email', 'sms', 'google', 'twitter', '>overflow']);
    expect(names(all.views.overflow)).toEqual(['discord', 'github', 'apple', 'farcaster', 'wallets']);
    expect(names(loginLayout(appConfig(), {}).primary)).toEqual(['email']);
  });

  it("grouped web2-first: email, SMS, socials up to 3 minus the inputs shown, then 'Other socials' with 'Continue with a wallet'", () => {
    const app = appConfig(everything);
    const host: HostConfig = { appearance: { loginGroupPriority: 'web2-first' } };
    const layout = loginLayout(app, host);
    expect(layout.variant).toBe('web2-first');
    expect(names(layout.primary)).toEqual(['email', 'sms', 'google', '>web2-overflow']);
    expect(names(layout.views['web2-overflow'])).toEqual([
      'twitter',
      'discord',
      'github',
      'apple',
      'farcaster',
      '>web3-overflow',
    ]);
    expect(layout.views['web3-overflow']).toEqual([DEFAULT_WALLETS]);

    const socialsOnly = loginLayout(appConfig({ ...everything, email_auth: false, sms_auth: false }), host);
    expect(names(socialsOnly.primary)).toEqual(['google', 'twitter', 'discord', '>web2-overflow']);
    // Without wallets there is no 'Continue with a wallet', and with nothing left no 'Other socials'.
    const noWallets = loginLayout(appConfig({ email_auth: true, google_oauth: true }), host);
    expect(names(noWallets.primary)).toEqual(['email', 'google']);
  });

  it("grouped web3-first: up to 3 wallets, then 'Other wallets' opening every wallet, then the web2 entries", () => {
    const app = appConfig(everything);
    const layout = loginLayout(app, { appearance: { loginGroupPriority: 'web3-first' } });
    expect(layout.variant).toBe('web3-first');
    expect(layout.primary.slice(0, 2)).toEqual([
      { type: 'wallets', wallets: ['detected_wallets', 'metamask', 'coinbase_wallet'] },
      { type: 'open', view: 'web3-overflow' },
    ]);
    expect(names(layout.primary.slice(2))).toEqual(['email', 'sms', 'google', '>web2-overflow']);
    expect(layout.views['web3-overflow']).toEqual([DEFAULT_WALLETS]);
    expect(names(layout.views['web2-overflow'])).toEqual([
      'twitter',
      'discord',
      'github',
      'apple',
      'farcaster',
    ]);

    const three = loginLayout(app, {
      appearance: { loginGroupPriority: 'web3-first', walletList: ['metamask', 'rainbow', 'okx_wallet'] },
    });
    expect(names(three.primary)).toEqual(['wallets', 'email', 'sms', 'google', '>web2-overflow']);
  });

  it('forces wallet-first off without wallet login and on when nothing else is enabled', () => {
    const on = { appearance: { showWalletLoginFirst: true } };
    expect(loginLayout(appConfig({ wallet_auth: false }), on).walletFirst).toBe(false);
    expect(loginLayout(appConfig({ wallet_auth: true }), on).walletFirst).toBe(true);
    expect(loginLayout(appConfig({ wallet_auth: true, email_auth: false }), {}).walletFirst).toBe(true);
    expect(loginLayout(appConfig({ wallet_auth: true }), {}).walletFirst).toBe(false);
    expect(loginLayout(appConfig({ wallet_auth: true, show_wallet_login_first: true }), {}).walletFirst).toBe(
      true,
    );
  });

  it('hideDirectWeb2Inputs turns the fields into buttons', () => {
    expect(loginLayout(appConfig(), { appearance: { hideDirectWeb2Inputs: true } }).hideDirectInputs).toBe(
      true,
    );
    expect(loginLayout(appConfig(), {}).hideDirectInputs).toBe(false);
  });

  it('knows whether any method is left once merged with the app flags', () => {
    expect(hasLoginMethod(appConfig(), {})).toBe(true);
    expect(hasLoginMethod(appConfig(), { loginMethods: ['sms'] })).toBe(false);
    expect(
      hasLoginMethod(appConfig(), { loginMethodsAndOrder: { primary: ['google'], overflow: ['email'] } }),
    ).toBe(true);
  });
});
