// Better Auth 1.7 with its email-OTP plugin on PostgreSQL, as its quick-start sets it up: the peer
// `bench:server` runs concurrent email-code logins against. Not part of the package or the tests;
// `better-auth` and `pg` come from BENCH_PEERS_DIR (installed there by test/bench/better-auth.ts).
// Prints each code as the Gatehouse provider's dev mode does, so both are driven the same way.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const peers = process.env.BENCH_PEERS_DIR;
const require = createRequire(join(peers, 'package.json'));
const load = (name) => import(pathToFileURL(require.resolve(name)).href);
const [{ betterAuth }, { emailOTP }, { toNodeHandler }, { getMigrations }, pg] = await Promise.all([
  load('better-auth'),
  load('better-auth/plugins/email-otp'),
  load('better-auth/node'),
  load('better-auth/db/migration'),
  load('pg'),
]);

const options = {
  baseURL: `http://127.0.0.1:${process.env.PORT}`,
  secret: process.env.BETTER_AUTH_SECRET,
  database: new pg.default.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }),
  telemetry: { enabled: false },
  advanced: { ipAddress: { ipAddressHeaders: ['x-forwarded-for'] } },
  plugins: [
    emailOTP({
      async sendVerificationOTP({ email, otp }) {
        process.stdout.write(`${JSON.stringify({ dev_code: otp, to: email })}\n`);
      },
    }),
  ],
};
const auth = betterAuth(options);
if (process.env.MIGRATE === '1') {
  const { runMigrations } = await getMigrations(options);
  await runMigrations();
}
const server = createServer(toNodeHandler(auth));
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
