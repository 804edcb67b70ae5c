import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OAuthWorld } from './oauth-harness.js';

let world: OAuthWorld;
beforeEach(async () => {
  world = await OAuthWorld.start();
});
afterEach(async () => {
  await world.close();
});

describe('OpenID Connect id_token nonce', () => {
  it.each(['google', 'linkedin', 'apple'] as const)(
    '%s: an id_token without the nonce the flow sent is refused (invalid_credentials), one with it logs in',
    async (provider) => {
      world.idp.ignoreNonce = true;
      const refused = await world.loginThrough(provider);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'invalid_credentials' });

      world.idp.ignoreNonce = false;
      const admitted = await world.loginThrough(provider);
      expect(admitted.statusCode, admitted.body).toBe(200);
    },
  );
});
