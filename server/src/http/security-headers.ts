import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** What Fastify itself puts on the probe's answer, as opposed to helmet. */
const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's security headers on every answer. They depend only on the configuration, yet
 * @fastify/helmet builds them again for each request (it parses the whole CSP each time, about a
 * tenth of a catalogue answer's cost). So helmet answers one probe request at start, and its
 * headers are copied onto every answer from then on: the same values, computed once. Add it to
 * the root instance, before any route; a route may still override one (the product pictures'
 * CSP).
 */
export async function addSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(
      (entry): entry is [string, string] => !NOT_HELMETS.has(entry[0].toLowerCase()) && typeof entry[1] === 'string',
    ),
  );
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
