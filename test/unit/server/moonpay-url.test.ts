// @vitest-environment node
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildQueryUrl,
  encodeQueryValue,
  moonpaySignature,
  signMoonpayUrl,
} from '../../../src/server/services/funding/moonpay-url.js';
import { signatureProblem } from '../../support/moonpay.js';

// MoonPay's own example of URL signing: a sandbox widget URL signed with a test secret key.
const QUERY = '?apiKey=pk_test_key&currencyCode=eth&walletAddress=0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae';
const URL_TO_SIGN = `https://buy-sandbox.moonpay.com${QUERY}`;
const SECRET = 'sk_test_key';

describe('MoonPay URL signing', () => {
  it('is the base64 HMAC-SHA256 of the query string, leading ? included, under the secret key', () => {
    const vector = createHmac('sha256', SECRET).update(QUERY).digest('base64');
    expect(vector).toBe('o1eO2arzL16TstEolGakHHFa33Mb61RCTfqToRWg7PA=');
    expect(moonpaySignature(URL_TO_SIGN, SECRET)).toBe(vector);
  });

  it('appends the signature, URL-encoded, as the last parameter', () => {
    const signed = signMoonpayUrl(URL_TO_SIGN, SECRET);
    expect(signed).toBe(`${URL_TO_SIGN}&signature=o1eO2arzL16TstEolGakHHFa33Mb61RCTfqToRWg7PA%3D`);
    expect(new URL(signed).searchParams.get('signature')).toBe(
      'o1eO2arzL16TstEolGakHHFa33Mb61RCTfqToRWg7PA=',
    );
  });

  it('signs a URL the MoonPay stand-in accepts, and it refuses the URL once any parameter changes', () => {
    const secretOf = (key: string) => (key === 'pk_test_key' ? SECRET : undefined);
    const signed = signMoonpayUrl(URL_TO_SIGN, SECRET);
    const path = signed.slice('https://buy-sandbox.moonpay.com'.length);
    expect(signatureProblem(path, secretOf)).toBeUndefined();
    expect(signatureProblem(path.replace('0xde0b', '0xdead'), secretOf)).toMatch(
      /signature of this URL is invalid/,
    );
    expect(signatureProblem(path.replace('currencyCode=eth', 'currencyCode=btc'), secretOf)).toMatch(
      /invalid/,
    );
    expect(signatureProblem(URL_TO_SIGN.slice(31), secretOf)).toBe('The URL carries no signature.');
    expect(signatureProblem(path, () => undefined)).toBe('Invalid API key.');
  });

  it('encodes values so that a browser leaves the query as it was signed', () => {
    const url = buildQueryUrl('https://buy.moonpay.com', [
      ['apiKey', 'pk_live_1'],
      ['email', "o'brien+funds@example.com"],
      ['colorCode', '#676FFF'],
      ['theme', undefined],
      ['note', 'a b&c=d/(e)*!~'],
    ]);
    expect(url).toBe(
      'https://buy.moonpay.com?apiKey=pk_live_1&email=o%27brien%2Bfunds%40example.com&colorCode=%23676FFF' +
        '&note=a%20b%26c%3Dd%2F%28e%29%2A%21~',
    );
    expect(new URL(url).href).toBe(url.replace('.com?', '.com/?'));
    expect(new URL(url).searchParams.get('email')).toBe("o'brien+funds@example.com");
    expect(encodeQueryValue('ETH_ETHEREUM')).toBe('ETH_ETHEREUM');
  });
});
