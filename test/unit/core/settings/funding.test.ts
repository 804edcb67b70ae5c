import { describe, expect, it } from 'vitest';
import { moonpaySignBody } from '../../../../src/core/funding/checks.js';
import { fundingSettingsOf, onRampCurrencyOf } from '../../../../src/core/settings/funding.js';
import type { AppConfigWire } from '../../../../src/protocol/api.js';
import { appConfig } from '../../helpers/fake-provider.js';

const onRamp = (overrides: Partial<AppConfigWire> = {}) =>
  appConfig({
    fiat_on_ramp_enabled: true,
    fiat_on_ramp_use_sandbox: true,
    fiat_on_ramp: { api_url: 'https://moonpay.test', publishable_key: 'pk_test' },
    ...overrides,
  } as Partial<AppConfigWire>);

describe('funding settings: the page over the app', () => {
  it('offers nothing before the app configuration arrives', () => {
    expect(fundingSettingsOf(null, { fiatOnRamp: { enabled: true } })).toBeNull();
  });

  it("offers 'Add Funds' when the app has the on-ramp on with a key", () => {
    expect(fundingSettingsOf(onRamp(), {})?.enabled).toBe(true);
    expect(fundingSettingsOf(onRamp({ fiat_on_ramp_enabled: false }), {})?.enabled).toBe(false);
  });

  it('lets the page turn funding off, never on', () => {
    expect(fundingSettingsOf(onRamp(), { fiatOnRamp: { enabled: false } })?.enabled).toBe(false);
    const off = onRamp({ fiat_on_ramp_enabled: false });
    expect(fundingSettingsOf(off, { fiatOnRamp: { enabled: true } })?.enabled).toBe(false);
  });

  it("signs in the page's sandbox mode over the app's", () => {
    const settings = fundingSettingsOf(onRamp(), { fiatOnRamp: { useSandbox: false } });
    if (!settings) throw new Error('no settings');
    expect(moonpaySignBody('0xabc', settings.app, undefined, settings.page).useSandbox).toBe(false);
  });

  it("buys the funded chain's own token: the page's choice, else the known chains', else nothing", () => {
    expect(onRampCurrencyOf({}, 8453)).toBe('ETH_BASE');
    expect(onRampCurrencyOf({}, 137)).toBe('POL_POLYGON');
    // A chain the on-ramp does not know is not funded with another chain's token.
    expect(onRampCurrencyOf({}, 31337)).toBeNull();
    const page = { fiatOnRamp: { currencies: { 31337: 'ETH_ETHEREUM', 8453: 'USDC_BASE' } } };
    expect(onRampCurrencyOf(page, 31337)).toBe('ETH_ETHEREUM');
    expect(onRampCurrencyOf(page, 8453)).toBe('USDC_BASE');
  });
});
