import { afterEach, expect, it } from 'vitest';
import { devCode } from '../bench/providers.js';
import { Provider } from '../support/provider.js';

/**
 * `gatehouse serve` in development (no SMTP, no Twilio) writes JSON lines only on standard output:
 * pino's records, the start banner and the login codes (`dev_code`), one record each.
 * GATEHOUSE_LOG_FORMAT=pretty rewrites them for a person.
 */
const ORIGIN = 'http://localhost:5173';
let provider: Provider | undefined;

afterEach(async () => {
  await provider?.dispose();
  provider = undefined;
});

async function loginCode(env: Record<string, string>): Promise<Provider> {
  provider = new Provider({ serverOnly: true, env });
  const appId = await provider.createApp('Shop', [ORIGIN]);
  await provider.start();
  const init = await fetch(`${provider.url}/api/v1/passwordless/init`, {
    method: 'POST',
    headers: { 'gatehouse-app-id': appId, origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'zoe@example.com' }),
  });
  expect(init.status).toBe(200);
  for (let i = 0; i < 100 && !/login code/.test(provider.stdout); i++)
    await new Promise((r) => setTimeout(r, 20));
  await provider.stop();
  return provider;
}

it('writes only JSON lines on stdout, the banner and the development code among them', async () => {
  const { stdout } = await loginCode({ GATEHOUSE_LOG_LEVEL: 'info' });
  const lines = stdout.split('\n').filter((line) => line !== '');
  const records = lines.map((line) => JSON.parse(line) as { level: number; msg: string; url?: string });
  for (const record of records)
    expect(record).toMatchObject({ level: expect.any(Number), msg: expect.any(String) });
  expect(records.find((record) => record.msg === 'listening')?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(records.map((record) => record.msg)).toEqual(
    expect.arrayContaining([
      'listening',
      'login codes',
      'SMS codes',
      'silent-recovery key',
      'incoming request',
    ]),
  );
  expect(devCode(stdout, 'zoe@example.com')).toMatch(/^\d{6}$/);
});

it('shows the banner and the codes at the default level (warn)', async () => {
  const { stdout } = await loginCode({});
  expect(stdout).toContain('"msg":"listening"');
  expect(devCode(stdout, 'zoe@example.com')).toMatch(/^\d{6}$/);
});

it('GATEHOUSE_LOG_FORMAT=pretty writes lines for a person', async () => {
  const { stdout } = await loginCode({ GATEHOUSE_LOG_FORMAT: 'pretty' });
  expect(stdout).toMatch(
    /^\d\d:\d\d:\d\d\.\d{3} INFO {2}listening version=\S+ url=http:\/\/127\.0\.0\.1:\d+/m,
  );
  expect(stdout).toMatch(/INFO {2}login code dev_code=\d{6} to=zoe@example\.com app=Shop$/m);
  expect(stdout).not.toMatch(/^\{/m);
});
