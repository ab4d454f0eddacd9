import Fastify, { type FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error';

/**
 * A bare Fastify app answering errors as `{ success: false, message }`, the way the server's own
 * app does, for the catalogue and reference route tests.
 */
export function createTestApp(): FastifyInstance {
  const app = Fastify();
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ success: false, message: error.message });
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send({ success: false, message: (error as Error).message });
    }
    return reply.status(500).send({ success: false, message: 'Internal server error' });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ success: false, message: 'Not found' }));
  return app;
}
