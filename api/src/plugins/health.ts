import { setTimeout as wait } from 'node:timers/promises';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS } from '../db/unavailable';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this process is being stopped: it finishes what it has but takes nothing new (D23). */
    readonly draining: boolean;
    /** Says readiness is over: load balancers stop sending new requests here. */
    startDraining(): void;
  }
}

/** The longest readiness waits for the database's answer. */
const READY_CHECK_MS = 1000;

const healthAnswer = z.object({ success: z.literal(true), status: z.enum(['live', 'ready']) });
const notReady = z.object({ success: z.literal(false), message: z.string() });

/**
 * For load balancers and orchestrators (D23), outside `/api`:
 * - `GET /health/live`: the process answers (200), whatever its database does;
 * - `GET /health/ready`: it can serve (200): the database answers within a second and the process
 *   is not stopping; else 503 with `Retry-After` and why.
 */
export const health = fp(
  async (app) => {
    let draining = false;
    app.decorate('draining', {
      getter: () => draining,
    });
    app.decorate('startDraining', () => {
      draining = true;
    });
    const options = { config: { public: true }, schema: { hide: true } } as const;

    app.get('/health/live', { ...options, schema: { ...options.schema, response: { 200: healthAnswer } } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, status: 'live' as const };
    });

    app.get(
      '/health/ready',
      { ...options, schema: { ...options.schema, response: { 200: healthAnswer, 503: notReady } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        const problem = draining ? 'Not ready: the server is stopping.' : await databaseProblem();
        if (problem === undefined) return { success: true as const, status: 'ready' as const };
        return reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ success: false as const, message: problem });
      },
    );

    async function databaseProblem(): Promise<string | undefined> {
      const timer = new AbortController();
      const late = wait(READY_CHECK_MS, 'late' as const, { signal: timer.signal }).catch(() => 'late' as const);
      try {
        const answered = await Promise.race([app.db.query('SELECT 1').then(() => 'answered' as const), late]);
        return answered === 'answered' ? undefined : 'Not ready: the database does not answer.';
      } catch {
        return 'Not ready: the database is unreachable.';
      } finally {
        timer.abort();
      }
    }
  },
  { name: 'health', fastify: '5.x' },
);
