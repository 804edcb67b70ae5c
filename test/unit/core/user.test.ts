import { describe, expect, it, vi } from 'vitest';
import { toUser } from '../../../src/core/user.js';

describe('user mapping (§3)', () => {
  it('maps the server user, with the most recently verified email as the shortcut', () => {
    const user = toUser({
      id: 'u1',
      created_at: 1_700_000_000,
      linked_accounts: [
        {
          type: 'email',
          address: 'old@example.com',
          verified_at: 1_700_000_000,
          first_verified_at: 1_700_000_000,
          latest_verified_at: 1_700_000_000,
        },
        {
          type: 'email',
          address: 'new@example.com',
          verified_at: 1_700_000_100,
          first_verified_at: 1_700_000_100,
          latest_verified_at: 1_700_000_500,
        },
      ],
      mfa_methods: [{ type: 'totp', verified_at: 1_700_000_000 }],
      has_accepted_terms: true,
    });
    expect(user.id).toBe('u1');
    expect(user.createdAt).toEqual(new Date(1_700_000_000_000));
    expect(user.email).toEqual({ address: 'new@example.com' });
    expect(user.linkedAccounts[1]).toEqual({
      type: 'email',
      address: 'new@example.com',
      verifiedAt: new Date(1_700_000_100_000),
      firstVerifiedAt: new Date(1_700_000_100_000),
      latestVerifiedAt: new Date(1_700_000_500_000),
    });
    expect(user.mfaMethods).toEqual(['totp']);
    expect(user.hasAcceptedTerms).toBe(true);
  });

  it('ignores unknown linked-account types with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = toUser({
      id: 'u2',
      created_at: 1_700_000_000,
      linked_accounts: [
        { type: 'telepathy', verified_at: 1, first_verified_at: null, latest_verified_at: null },
      ],
      mfa_methods: [],
      has_accepted_terms: false,
    });
    expect(user.linkedAccounts).toEqual([]);
    expect(user.email).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Ignoring a linked account of unknown type "telepathy".');
    warn.mockRestore();
  });
});
