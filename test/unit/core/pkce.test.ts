import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64url, codeChallenge, randomSecret } from '../../../src/core/pkce.js';
import { OAUTH_VERIFIER_BYTES } from '../../../src/protocol/index.js';

describe('PKCE (§5)', () => {
  it('makes a verifier of 36 random bytes, base64url without padding, fresh every time', () => {
    const verifier = randomSecret();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(verifier, 'base64url')).toHaveLength(OAUTH_VERIFIER_BYTES);
    expect(randomSecret()).not.toBe(verifier);
  });

  it('derives the S256 challenge: base64url of the SHA-256 of the verifier (RFC 7636 appendix B)', async () => {
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
    const verifier = randomSecret();
    expect(await codeChallenge(verifier)).toBe(createHash('sha256').update(verifier).digest('base64url'));
  });

  it('writes bytes as base64url', () => {
    expect(base64url(new Uint8Array([0xfb, 0xff, 0xfe]))).toBe('-__-');
  });
});
