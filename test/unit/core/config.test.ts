import { afterEach, describe, expect, it, vi } from 'vitest';
import { mergeHostConfig } from '../../../src/core/config.js';
import { validateHostConfig } from '../../../src/core/host/config-check.js';
import { validateLoginConfig } from '../../../src/core/login/config.js';
import { createClient } from '../helpers/setup.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const warnings = () => vi.spyOn(console, 'warn').mockImplementation(() => {});

describe('login configuration (§5)', () => {
  it("throws 'You must enable at least one login method' for an empty list", () => {
    expect(() => validateLoginConfig({ loginMethods: [] })).toThrow(
      'You must enable at least one login method',
    );
    expect(() => validateLoginConfig({ loginMethodsAndOrder: { primary: [], overflow: [] } })).toThrow(
      'You must enable at least one login method',
    );
  });

  it('refuses unknown methods and wallets, and wrong appearance values', () => {
    expect(() => validateLoginConfig({ loginMethods: ['email', 'fax'] } as never)).toThrow(/loginMethods/);
    expect(() => validateLoginConfig({ loginMethodsAndOrder: { primary: ['telegram'] } } as never)).toThrow(
      /loginMethodsAndOrder\.primary/,
    );
    expect(() => validateLoginConfig({ appearance: { walletList: ['mywallet'] } } as never)).toThrow(
      /walletList/,
    );
    expect(() => validateHostConfig({ appearance: { loginGroupPriority: 'web4-first' } })).toThrow(
      /loginGroupPriority/,
    );
    expect(() => validateHostConfig({ intl: { defaultCountry: 'USA' } })).toThrow(/defaultCountry/);
    // intl.locale: a BCP 47 tag.
    for (const locale of ['ja', 'ja-JP', 'zh-Hans-CN', 'pt-BR'])
      expect(validateHostConfig({ intl: { locale } })).toEqual({ intl: { locale } });
    for (const locale of ['', 'japanese', 'ja_JP', 'ja-', 7])
      expect(() => validateHostConfig({ intl: { locale } } as never)).toThrow(/intl\.locale/);
  });

  it('drops duplicates with a warning', () => {
    const warn = warnings();
    const config = validateLoginConfig({
      loginMethods: ['email', 'sms', 'email'],
      loginMethodsAndOrder: { primary: ['google', 'email', 'google'], overflow: ['email', 'sms'] },
      appearance: { walletList: ['metamask', 'metamask'] },
    });
    expect(config.loginMethods).toEqual(['email', 'sms']);
    expect(config.loginMethodsAndOrder).toEqual({ primary: ['google', 'email'], overflow: ['sms'] });
    expect(config.appearance?.walletList).toEqual(['metamask']);
    expect(warn).toHaveBeenCalledWith('Dropped duplicate login method "email" from the configuration.');
    expect(warn).toHaveBeenCalledWith('Dropped duplicate login method "google" from the configuration.');
  });

  it('warns for loginMethods or walletList beside loginMethodsAndOrder, and for more than 4 primary', () => {
    const warn = warnings();
    validateLoginConfig({
      loginMethods: ['email'],
      appearance: { walletList: ['metamask'] },
      loginMethodsAndOrder: { primary: ['email', 'sms', 'google', 'github', 'apple'] },
    });
    expect(warn.mock.calls.map((call) => call[0])).toEqual([
      "loginMethodsAndOrder.primary lists 5 methods; at most 4 are recommended, the rest go under 'More options'.",
      'loginMethods and loginMethodsAndOrder should not both be set; loginMethodsAndOrder is used.',
      'appearance.walletList and loginMethodsAndOrder should not both be set; the wallets of loginMethodsAndOrder are used.',
    ]);
  });

  it('later init calls keep the country and replace the method lists', () => {
    const merged = mergeHostConfig(
      validateHostConfig({ intl: { defaultCountry: 'GB' }, loginMethods: ['email'] }),
      validateHostConfig({ loginMethods: ['sms'] }),
    );
    expect(merged).toMatchObject({ intl: { defaultCountry: 'GB' }, loginMethods: ['sms'] });
  });

  it('init() checks the methods: an empty list throws, duplicates go', async () => {
    const { gatehouse } = createClient();
    await expect(gatehouse.call('init', [{ loginMethods: [] }])).rejects.toThrow(
      'You must enable at least one login method',
    );
    const warn = warnings();
    await gatehouse.call('init', [{ loginMethods: ['email', 'email'] }]);
    expect(gatehouse.ctx.$hostConfig.get().loginMethods).toEqual(['email']);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('init() rejects when none of the host methods is switched on for the app', async () => {
    const { gatehouse } = createClient();
    await expect(gatehouse.call('init', [{ loginMethods: ['sms', 'google'] }])).rejects.toThrow(
      'You must enable at least one login method',
    );
    await expect(gatehouse.call('init', [{ loginMethods: ['email', 'sms'] }])).resolves.toBeUndefined();
  });
});
