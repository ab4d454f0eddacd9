import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loggerOptions, prettyLogs } from './logger-options';

const transportOf = (options: ReturnType<typeof loggerOptions>) =>
  typeof options === 'object' && 'transport' in options ? options.transport : undefined;

describe('log format', () => {
  it('is readable (pino-pretty) at a terminal outside production', () => {
    for (const nodeEnv of ['development', 'test'] as const) {
      expect(prettyLogs({ nodeEnv }, { isTty: true })).toBe(true);
      expect(transportOf(loggerOptions({ nodeEnv, logLevel: 'info' }, { isTty: true }))).toMatchObject({ target: 'pino-pretty' });
    }
  });

  it('stays JSON lines when piped, in production, or into a given stream', () => {
    expect(prettyLogs({ nodeEnv: 'development' }, { isTty: false })).toBe(false);
    expect(prettyLogs({ nodeEnv: 'production' }, { isTty: true })).toBe(false);
    expect(prettyLogs({ nodeEnv: 'development' }, { isTty: true, stream: new PassThrough() })).toBe(false);
    expect(transportOf(loggerOptions({ nodeEnv: 'production', logLevel: 'info' }, { isTty: true }))).toBeUndefined();
    expect(transportOf(loggerOptions({ nodeEnv: 'development', logLevel: 'info' }, { isTty: false }))).toBeUndefined();
  });

  it('redacts credentials and masks tokens in URLs whatever the format', () => {
    for (const isTty of [true, false]) {
      const options = loggerOptions({ nodeEnv: 'development', logLevel: 'info' }, { isTty }) as {
        redact: { paths: string[] };
        serializers: { req: (req: { method: string; url: string }) => { url: string } };
      };
      expect(options.redact.paths).toEqual(expect.arrayContaining(['req.headers.authorization', 'req.headers.cookie']));
      expect(options.serializers.req({ method: 'GET', url: '/reset-password/secret' }).url).toBe('/reset-password/[redacted]');
    }
  });
});
