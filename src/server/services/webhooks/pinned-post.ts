import type { LookupAddress, LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

/**
 * A `lookup` for node:net that answers only `addresses` (checked already), whatever the name server
 * would say now: a name rebound to another address between the check and the connection is not
 * followed. With several, the connection tries them in turn (Happy Eyeballs), all of them checked.
 */
function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return (_hostname: string, options: LookupOptions, callback) => {
    const usable = addresses.filter((entry) => !options.family || entry.family === options.family);
    const first = usable[0];
    if (!first) {
      callback(Object.assign(new Error('No checked address of that family'), { code: 'ENOTFOUND' }), '', 0);
    } else if (options.all) {
      callback(null, usable);
    } else {
      callback(null, first.address, first.family);
    }
  };
}

/**
 * POSTs `body` to `url` over a connection of its own to one of `addresses` (never a pooled one,
 * which may lead elsewhere); the Host header and TLS's server name stay the URL's host, so
 * virtual hosting and certificates work as with any client. Redirects are not followed. Resolves
 * with the answer's status; rejects on a network error or when `signal` aborts.
 */
export function postPinned(
  url: URL,
  addresses: readonly LookupAddress[],
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<number> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(addresses),
        agent: false,
        signal,
      },
      (response) => {
        // Only the status counts: the body is not read.
        response.destroy();
        resolve(response.statusCode ?? 0);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
