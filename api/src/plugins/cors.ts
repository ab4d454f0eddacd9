import cors from '@fastify/cors';
import fp from 'fastify-plugin';

/**
 * Cross-origin calls only from the configured origins (CORS_ORIGINS: a separate dev front end).
 * Without any, no CORS hook runs at all: a preflight is a 404 and no answer names an allowed
 * origin. After the authentication plugin, which makes the preflight route public.
 */
export const corsOrigins = fp(
  async (app) => {
    const origins = app.config.corsOrigins;
    if (origins.length === 0) return;
    await app.register(cors, {
      origin: origins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      // Idempotency-Key: placing an order (D19); X-Total-Count: the size of a paged list.
      allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key'],
      exposedHeaders: ['X-Total-Count'],
      maxAge: 600,
    });
  },
  { name: 'cors-origins', dependencies: ['core-services', 'authentication'], fastify: '5.x' },
);
