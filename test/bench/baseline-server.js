// The yardstick of `npm run bench:server`: a bare Fastify route that signs one ES256 token per
// request, as the provider does for every login and refresh, and nothing else. It signs the way
// the provider does (node:crypto's one-shot ECDSA, the header encoded once), so the ratio compares
// the provider's other work with nothing, not one signing library with another.
import { generateKeyPairSync, sign } from 'node:crypto';
import Fastify from 'fastify';

const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const encode = (value) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const header = encode({ alg: 'ES256', kid: 'bench', typ: 'JWT' });

function token() {
  const iat = Math.floor(Date.now() / 1000);
  const claims = {
    sid: 'session',
    iss: 'http://127.0.0.1',
    aud: 'bench',
    sub: 'did:gatehouse:user',
    iat,
    exp: iat + 3600,
  };
  const input = `${header}.${encode(claims)}`;
  const signature = sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

const app = Fastify({ logger: false });
app.post('/token', async () => ({ token: token() }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.stdout.write(`listening ${app.server.address().port}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
