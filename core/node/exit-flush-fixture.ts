/**
 * logger-options.test.ts runs this in a process of its own: the server's logger writing to
 * standard output, a burst of request lines, then an immediate exit.
 */
import Fastify from 'fastify';
import { loggerOptions } from './logger-options';

const app = Fastify({ logger: loggerOptions({ nodeEnv: 'production', logLevel: 'info' }, { isTty: false }) });
app.get('/', async () => 'ok');
for (let index = 0; index < Number(process.argv[2] ?? 1); index += 1) await app.inject({ method: 'GET', url: '/' });
app.log.info('last line before exit');
process.exit(0);
