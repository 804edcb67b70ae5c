import { describe, expect, it } from 'vitest';
import {
  type FundingAppConfig,
  fundingResult,
  fundWalletProblem,
  isFiatOnRampEnabled,
  isFundingFailure,
  moonpaySignBody,
} from '../../../../src/core/funding/index.js';

describe('the funding result screens (§8)', () => {
  it('completed: funded', () => {
    expect(fundingResult({ status: 'completed', paymentMethod: 'credit_debit_card' })).toEqual({
      kind: 'success',
      title: "You've funded your account",
      detail: 'It may take a few minutes for the funds to appear in your wallet.',
    });
  });

  it('failed: something went wrong, with the debit-card hint', () => {
    const result = fundingResult({ status: 'failed' });
    expect(result.kind).toBe('failure');
    expect(result.title).toBe('Something went wrong');
    expect(result.detail).toMatch(/Debit cards usually work better than credit cards/);
  });

  it("serviceFailure: the provider's name in '… ran into an error when processing your transaction. Try again?'", () => {
    expect(fundingResult({ status: 'serviceFailure' })).toEqual({
      kind: 'failure',
      title: 'Something went wrong',
      detail: 'MoonPay ran into an error when processing your transaction. Try again?',
    });
    expect(fundingResult({ status: 'serviceFailure' }, 'Acme Pay').detail).toBe(
      'Acme Pay ran into an error when processing your transaction. Try again?',
    );
  });

  it('a card payment waiting for authorization: processing payment, may take a few hours, email on completion', () => {
    for (const card of [{ paymentMethod: 'credit_debit_card' }, { cardPaymentType: 'card' }]) {
      expect(fundingResult({ status: 'waitingAuthorization', ...card })).toEqual({
        kind: 'pending',
        title: 'Processing payment',
        detail: 'This may take up to a few hours. You will receive an email when the purchase is complete.',
      });
    }
  });

  it('another payment waiting for authorization: the screen stops polling there, so it says an email comes', () => {
    expect(fundingResult({ status: 'waitingAuthorization', paymentMethod: 'sepa_bank_transfer' })).toEqual({
      kind: 'pending',
      title: 'Waiting for your payment',
      detail:
        'MoonPay is waiting for your payment to be confirmed. You will receive an email when the purchase is complete.',
    });
  });

  it.each([
    ['notStarted', {}],
    ['pending', { paymentMethod: 'credit_debit_card' }],
    ['waitingPayment', {}],
    ['somethingNew', {}],
  ])('%s is In progress', (status, extra) => {
    expect(fundingResult({ status, ...extra })).toEqual({
      kind: 'pending',
      title: 'In progress',
      detail: 'Finish your purchase in the MoonPay window. This screen updates when it is done.',
    });
  });

  it('failure statuses are failed and serviceFailure', () => {
    expect(
      ['failed', 'serviceFailure', 'completed', 'pending'].map((status) => isFundingFailure({ status })),
    ).toEqual([true, true, false, false]);
  });
});

const app = (overrides: Partial<FundingAppConfig> = {}): FundingAppConfig => ({
  fiat_on_ramp_enabled: true,
  fiat_on_ramp_use_sandbox: true,
  fiat_on_ramp: { provider: 'moonpay', publishable_key: 'pk_test_1', api_url: 'https://api.moonpay.com' },
  ...overrides,
});

describe('the §5 checks of fundWallet', () => {
  it('the provider must be the single supported one or omitted', () => {
    expect(fundWalletProblem({ provider: 'coinbase' }, app())).toEqual({
      code: 'unsupported_fund_provider',
      message: 'Unsupported fund provider. Currently supported option is the single on-ramp provider.',
    });
    expect(fundWalletProblem({ provider: 'moonpay' }, app())).toBeUndefined();
    expect(fundWalletProblem(undefined, app())).toBeUndefined();
  });

  it('the on-ramp must be on for the app, not off for the page, with a publishable key', () => {
    const off = { code: 'fiat_on_ramp_not_enabled', message: 'Fiat on-ramp is not enabled' };
    expect(fundWalletProblem({}, app({ fiat_on_ramp_enabled: false }))).toEqual(off);
    expect(fundWalletProblem({}, app(), { enabled: false })).toEqual(off);
    expect(fundWalletProblem({}, app({ fiat_on_ramp: undefined }))).toEqual(off);
    const noKey = app({ fiat_on_ramp: { provider: 'moonpay', publishable_key: null, api_url: 'https://x' } });
    expect(isFiatOnRampEnabled(noKey)).toBe(false);
    expect(isFiatOnRampEnabled(app(), { enabled: true })).toBe(true);
    expect(isFiatOnRampEnabled(app({ fiat_on_ramp_enabled: false }), { enabled: true })).toBe(false);
  });

  it("the sign call's body carries the wallet, the mode and the page's on-ramp config", () => {
    const config = { currencyCode: 'ETH_BASE', uiConfig: { accentColor: '#0a7f5a', theme: 'dark' as const } };
    expect(moonpaySignBody('0xabc', app(), config)).toEqual({ address: '0xabc', useSandbox: true, config });
    expect(moonpaySignBody('0xabc', app({ fiat_on_ramp_use_sandbox: false }))).toEqual({
      address: '0xabc',
      useSandbox: false,
    });
    expect(moonpaySignBody('0xabc', app(), undefined, { useSandbox: false }).useSandbox).toBe(false);
  });
});
