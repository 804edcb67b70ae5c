// The yardstick of `npm run bench:server`: a bare Fastify route that signs one ES256 token per
// request, as the provider does for every login and refresh, and nothing else.
import Fastify from 'fastify';
import { generateKeyPair, SignJWT } from 'jose';

const { privateKey } = await generateKeyPair('ES256');
const app = Fastify({ logger: false });
app.post('/token', async () => ({
  token: await new SignJWT({ sid: 'session' })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setIssuer('http://127.0.0.1')
    .setAudience('bench')
    .setSubject('did:gatehouse:user')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey),
}));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.stdout.write(`listening ${app.server.address().port}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
