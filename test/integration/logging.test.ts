import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('server logs (GATEHOUSE_LOG=info)', () => {
  it('log each request without its query, so tokens and codes in addresses stay out of the log', async () => {
    const lines: string[] = [];
    harness = await startHarness({
      logger: { level: 'info', stream: { write: (line) => lines.push(line) } },
    });
    const { token, refresh_token } = await harness.login('ada@example.com');
    await harness.inject({
      method: 'GET',
      url: `/apps/${harness.appId}/embedded-wallets/export?token=${token}&address=0x0000000000000000000000000000000000000001`,
    });
    await harness.inject({
      method: 'GET',
      url: '/api/v1/oauth/callback?code=provider-code-123&state=state-456',
    });
    await harness.post('/api/v1/sessions', { refresh_token });

    const log = lines.join('');
    expect(log).toContain('/embedded-wallets/export');
    expect(log).toContain('/api/v1/oauth/callback');
    for (const secret of [token, refresh_token, 'provider-code-123', 'state-456']) {
      expect(log).not.toContain(secret);
    }
  });
});
