import { createHmac } from 'node:crypto';

/**
 * MoonPay's buy-widget URL and its signature, as MoonPay documents URL signing
 * (https://dev.moonpay.com, "URL signing"): HMAC-SHA256 under the secret key over the URL's query
 * string with its leading '?', base64, appended as the last parameter `signature`, URL-encoded.
 */

/**
 * A query value percent-encoded so that URL parsers leave it as it is: encodeURIComponent, plus
 * the characters it keeps that a browser encodes in a query (`'`) or that RFC 3986 reserves.
 * MoonPay checks the signature against the query it receives, so the query must not change on
 * the way.
 */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `base?name=value&…` with the values encoded by encodeQueryValue, in the order given; absent values left out. */
export function buildQueryUrl(
  base: string,
  params: ReadonlyArray<readonly [string, string | undefined]>,
): string {
  const query = params
    .filter((pair): pair is readonly [string, string] => pair[1] !== undefined)
    .map(([name, value]) => `${name}=${encodeQueryValue(value)}`)
    .join('&');
  return `${base}?${query}`;
}

/** The base64 HMAC-SHA256 of the URL's query string ('?' included) under `secretKey`. */
export function moonpaySignature(url: string, secretKey: string): string {
  return createHmac('sha256', secretKey).update(new URL(url).search).digest('base64');
}

/** The URL with its signature appended as the last parameter. */
export function signMoonpayUrl(url: string, secretKey: string): string {
  return `${url}&signature=${encodeURIComponent(moonpaySignature(url, secretKey))}`;
}
