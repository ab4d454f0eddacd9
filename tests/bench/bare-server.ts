/**
 * The yardstick of `npm run bench`: a bare Fastify route on the same machine, in a process of
 * its own like the real server, so each catalogue route's req/s can be read as a share of what
 * Fastify itself does here.
 *
 * A second yardstick for the large answers: `PUT /same-bytes` stores a body (with the
 * Content-Type and Content-Encoding it came with, in `x-stored-type` and `x-stored-encoding`)
 * and `GET /same-bytes` sends it, doing nothing else: what Fastify and the load generator do with
 * those bytes here, whatever made them.
 */
import Fastify from 'fastify';

const app = Fastify({ bodyLimit: 8 * 1024 * 1024 });
app.get('/', async () => ({ hello: 'world' }));

let stored: { body: Buffer; type: string; encoding: string } = { body: Buffer.alloc(0), type: 'application/octet-stream', encoding: '' };
app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
app.put('/same-bytes', async (request) => {
  const header = (name: string) => String(request.headers[name] ?? '');
  stored = { body: request.body as Buffer, type: header('x-stored-type'), encoding: header('x-stored-encoding') };
  return { bytes: stored.body.length };
});
app.get('/same-bytes', (_request, reply) => {
  reply.header('content-type', stored.type);
  if (stored.encoding) reply.header('content-encoding', stored.encoding);
  reply.send(stored.body);
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
