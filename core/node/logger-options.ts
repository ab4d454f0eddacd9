import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import pino from 'pino';

/** What a server's configuration says of its logs. */
export interface LogSettings {
  nodeEnv: string;
  logLevel: string;
}

/** Paths (API and SPA mail-link routes) in which a secret token travels; masked in every log line. */
const TOKEN_IN_PATH = /\/(email-verification(?:-anonymous)?|verify-email(?:-anonymous)?|reset-password)\/[^/?#]+/g;

export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, '/$1/[redacted]');
}

export interface LogTarget {
  /** Where lines go instead of stdout (tests capture them): always JSON. */
  stream?: NodeJS.WritableStream;
  /** Whether stdout is a terminal (`process.stdout.isTTY`). */
  isTty: boolean;
}

/**
 * Readable lines (pino-pretty) for a person at a terminal outside production; JSON lines for
 * production, pipes, files and tests, where machines read them.
 */
export function prettyLogs(config: Pick<LogSettings, 'nodeEnv'>, target: LogTarget): boolean {
  return target.isTty && !target.stream && config.nodeEnv !== 'production';
}

let stdoutLines: pino.DestinationStream | undefined;

/**
 * Standard output, written asynchronously (pino's asynchronous destination): a line is queued,
 * and the lines queued while one write is under way go out together in the next, instead of a
 * blocking write per request. Nothing waits at low traffic; pino flushes what is queued when
 * the process exits or is stopped. One per process, whatever the number of apps.
 */
function asyncStdout(): pino.DestinationStream {
  stdoutLines ??= pino.destination({ dest: 1, sync: false });
  return stdoutLines;
}

/** Fastify's `logger` option: level, destination, and what is never logged (tokens, credentials). */
export function loggerOptions(config: LogSettings, target: LogTarget): NonNullable<FastifyServerOptions['logger']> {
  const pretty = prettyLogs(config, target);
  return {
    level: config.logLevel,
    ...(target.stream ? { stream: target.stream } : pretty ? {} : { stream: asyncStdout() }),
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
          },
        }
      : {}),
    // The request is logged as its method, masked URL and address only: no header (Authorization,
    // Cookie) ever reaches a line, so no redaction pass is needed on each one.
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}

/**
 * One line per request, when it is answered, instead of Fastify's two (its own request logging
 * off, `disableRequestLogging`): the log costs a tenth of a catalogue answer otherwise
 * (docs/performance.md). A short line at a terminal, the request and answer as JSON elsewhere;
 * either names the user when the request was signed in (`answers.userOf`). Then what else the
 * server logs of an answer (`answers.logged`: the API's security events).
 */
export function logEachRequest(app: FastifyInstance, pretty: boolean, answers: AnswerLogging = {}): void {
  const { userOf = () => undefined, logged = () => undefined } = answers;
  app.addHook(
    'onResponse',
    pretty
      ? (request, reply, done) => {
          const userId = userOf(request);
          const user = userId ? ` user ${userId}` : '';
          request.log.info(`${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms${user}`);
          logged(request, reply.statusCode);
          done();
        }
      : (request, reply, done) => {
          request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime, userId: userOf(request) }, 'request completed');
          logged(request, reply.statusCode);
          done();
        },
  );
}

/** What a server adds to each answer's line. */
export interface AnswerLogging {
  /** The signed-in user's id, when the request carried a live session. */
  userOf?: (request: FastifyRequest) => string | undefined;
  /** Logs what the answer's status tells beyond the line (e.g. security events). */
  logged?: (request: FastifyRequest, statusCode: number) => void;
}
