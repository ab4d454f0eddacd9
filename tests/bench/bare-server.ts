/**
 * The yardstick of `npm run bench`: a bare Fastify route on the same machine, in a process of
 * its own like the real server, so each catalogue route's req/s can be read as a share of what
 * Fastify itself does here.
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
