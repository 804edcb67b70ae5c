import { describe, expect, it } from 'vitest';
import { toFrameError } from '../../../src/frame/messaging.js';
import { providerCall } from '../../../src/frame/provider-call.js';

/**
 * A wallet request whose call to the provider gets no answer at all (the provider went down after
 * the frame loaded): the reply's error is provider_unreachable, as the host documents it, not the
 * catch-all 'Embedded wallet error'.
 */
describe('the frame when the provider does not answer', () => {
  it('rejects the call as provider_unreachable, which the reply carries as its type', async () => {
    const call = providerCall({
      baseUrl: 'https://provider.test',
      appId: 'app',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const error = await call('/api/v1/embedded-wallets/share', 'token', {}).catch(
      (caught: unknown) => caught,
    );
    expect(toFrameError(error)).toEqual({
      type: 'provider_unreachable',
      message: 'The login service could not be reached',
    });
  });

  it("keeps a provider's refusal as it was", async () => {
    const call = providerCall({
      baseUrl: 'https://provider.test',
      appId: 'app',
      fetch: async () => Response.json({ code: 'wallet_not_found', message: 'No wallet.' }, { status: 404 }),
    });
    const error = await call('/api/v1/embedded-wallets/share', 'token').catch((caught: unknown) => caught);
    expect(toFrameError(error)).toEqual({ type: 'error', message: 'No wallet.' });
  });
});
