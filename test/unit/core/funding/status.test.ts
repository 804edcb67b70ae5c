import { describe, expect, it } from 'vitest';
import {
  fiatOnRampStatusUrl,
  pollFiatOnRampStatus,
  type StatusFetch,
  statusFromAnswer,
} from '../../../../src/core/funding/index.js';
import type { FiatOnRampStatus } from '../../../../src/protocol/funding.js';

const API = 'https://api.moonpay.test/';
const KEY = 'pk_test_abc';
const EXT = 'b7c1e1d2-0000-4000-8000-000000000001';
const STATUS_URL = `https://api.moonpay.test/v1/transactions/ext/${EXT}?apiKey=pk_test_abc`;

/** A MoonPay transaction as the transactions-by-external-id call answers it (trimmed). */
function transaction(status: string, extra: Record<string, unknown> = {}) {
  return {
    id: 'tx-1',
    status,
    externalTransactionId: EXT,
    paymentMethod: 'credit_debit_card',
    baseCurrencyAmount: 100,
    quoteCurrencyAmount: 0.047725,
    feeAmount: 3.99,
    extraFeeAmount: 0,
    networkFeeAmount: 0.56,
    baseCurrency: { code: 'usd', name: 'US Dollar' },
    currency: { code: 'eth', name: 'Ethereum' },
    updatedAt: '2024-02-17T18:24:45.206Z',
    eurRate: 0.92,
    ...extra,
  };
}

type Answer = number | 'network' | { json: unknown };

/**
 * A status endpoint answering a script (HTTP status, network failure or JSON body) and a fake
 * clock: `sleep` advances the clock and resolves at once, so the test sees when each call happened.
 */
function scripted(...answers: Answer[]) {
  const calls: Array<{ url: string; at: number }> = [];
  let clock = 0;
  const fetch: StatusFetch = async (url) => {
    calls.push({ url, at: clock });
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer === undefined || answer === 'network') throw new TypeError('Failed to fetch');
    if (typeof answer === 'number')
      return { status: answer, ok: false, json: async () => ({ message: 'x' }) };
    return { status: 200, ok: true, json: async () => answer.json };
  };
  const sleep = async (ms: number) => {
    clock += ms;
  };
  return {
    calls,
    fetch,
    sleep,
    options: { apiUrl: API, publishableKey: KEY, externalTransactionId: EXT, fetch, sleep },
  };
}

describe('the fiat on-ramp status poller (§4.7)', () => {
  it("calls MoonPay's transactions-by-external-id path with the publishable key", () => {
    expect(fiatOnRampStatusUrl(API, EXT, KEY)).toBe(STATUS_URL);
    expect(fiatOnRampStatusUrl('http://127.0.0.1:9/', 'a/b', 'pk&x')).toBe(
      'http://127.0.0.1:9/v1/transactions/ext/a%2Fb?apiKey=pk%26x',
    );
  });

  it('polls every 3 s, treats 404 as not started, and stops on completed', async () => {
    const run = scripted(404, 404, { json: [transaction('pending')] }, { json: [transaction('completed')] });
    const seen: string[] = [];
    const final = await pollFiatOnRampStatus({ ...run.options, onStatus: (s) => seen.push(s.status) });
    expect(final).toMatchObject({
      status: 'completed',
      quoteCurrencyAmount: 0.047725,
      currency: { code: 'eth' },
    });
    expect(final).not.toHaveProperty('eurRate');
    expect(run.calls.map((call) => call.at)).toEqual([0, 3000, 6000, 9000]);
    expect(run.calls.every((call) => call.url === STATUS_URL)).toBe(true);
    expect(seen).toEqual(['notStarted', 'notStarted', 'pending', 'completed']);
  });

  it.each(['failed', 'waitingAuthorization'])('stops on %s', async (status) => {
    const run = scripted({ json: [transaction('pending')] }, { json: [transaction(status)] }, 500);
    expect((await pollFiatOnRampStatus(run.options)).status).toBe(status);
    expect(run.calls).toHaveLength(2);
  });
});

describe('the poller: service failure and cancelling', () => {
  it('after 3 errors other than 404 the status is serviceFailure, counted over the whole polling', async () => {
    const run = scripted(
      500,
      404,
      'network',
      { json: [transaction('pending')] },
      { json: { not: 'an array' } },
    );
    const seen: FiatOnRampStatus[] = [];
    const final = await pollFiatOnRampStatus({ ...run.options, onStatus: (s) => seen.push(s) });
    expect(final).toEqual({ status: 'serviceFailure' });
    expect(run.calls.map((call) => call.at)).toEqual([0, 3000, 6000, 9000, 12_000]);
    expect(seen.map((s) => s.status)).toEqual(['notStarted', 'pending', 'serviceFailure']);
  });

  it('three 404s in a row are only "not started"; a 401 counts as an error', async () => {
    const waiting = scripted(404, 404, 404, { json: [transaction('completed')] });
    expect((await pollFiatOnRampStatus(waiting.options)).status).toBe('completed');
    const refused = scripted(401);
    expect((await pollFiatOnRampStatus(refused.options)).status).toBe('serviceFailure');
    expect(refused.calls).toHaveLength(3);
  });

  it('stops when its signal aborts and resolves with the last status seen', async () => {
    const controller = new AbortController();
    const run = scripted(404, { json: [transaction('pending')] });
    let calls = 0;
    const final = await pollFiatOnRampStatus({
      ...run.options,
      signal: controller.signal,
      onStatus: () => {
        calls += 1;
        if (calls === 3) controller.abort();
      },
    });
    expect(final.status).toBe('pending');
    expect(run.calls).toHaveLength(3);
  });

  it('with the real clock, aborting ends the wait at once; a signal aborted before the start makes no call', async () => {
    const run = scripted(404);
    const controller = new AbortController();
    const started = Date.now();
    const polling = pollFiatOnRampStatus({ ...run.options, sleep: undefined, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(await polling).toEqual({ status: 'notStarted' });
    expect(Date.now() - started).toBeLessThan(1000);
    const none = scripted(404);
    expect(await pollFiatOnRampStatus({ ...none.options, signal: AbortSignal.abort() })).toEqual({
      status: 'notStarted',
    });
    expect(none.calls).toHaveLength(0);
  });
});

describe("reading MoonPay's answer", () => {
  it('takes the most recently updated of several transactions with the same external id', () => {
    const answer = [
      transaction('failed', { updatedAt: '2024-02-17T18:00:00.000Z' }),
      transaction('completed', { updatedAt: '2024-02-17T19:00:00.000Z' }),
      transaction('pending', { updatedAt: '2024-02-17T18:30:00.000Z' }),
    ];
    expect(statusFromAnswer(answer)?.status).toBe('completed');
  });

  it('an empty array is not started; anything malformed is an error', () => {
    expect(statusFromAnswer([])).toEqual({ status: 'notStarted' });
    expect(statusFromAnswer({ status: 'completed' })).toBeUndefined();
    expect(statusFromAnswer([{ id: 'no status' }])).toBeUndefined();
    expect(statusFromAnswer([{ status: 'pending', feeAmount: 'NaN', currency: 'eth' }])).toEqual({
      status: 'pending',
    });
  });
});
