import { describe, expect, it } from 'vitest';
import { moonpaySignBody } from '../../../../src/core/funding/checks.js';
import { fundingSettingsOf } from '../../../../src/core/settings/funding.js';
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
});
