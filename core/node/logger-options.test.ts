import { spawnSync } from 'node:child_process';
import path from 'node:path';
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

  it('logs a request as its method, masked URL and address only, whatever the format', () => {
    for (const isTty of [true, false]) {
      const options = loggerOptions({ nodeEnv: 'development', logLevel: 'info' }, { isTty }) as {
        serializers: { req: (req: { method: string; url: string; ip?: string; headers?: object }) => object };
      };
      const request = {
        method: 'GET',
        url: '/reset-password/secret',
        ip: '10.0.0.1',
        headers: { authorization: 'Bearer secret', cookie: 'secret' },
      };
      expect(options.serializers.req(request)).toEqual({ method: 'GET', url: '/reset-password/[redacted]', remoteAddress: '10.0.0.1' });
    }
  });
});

describe('standard output', () => {
  it('loses no line when the process exits right after a burst', () => {
    const fixture = path.join(import.meta.dirname, 'exit-flush-fixture.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', fixture, '2000'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string });
    expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(2000);
    expect(lines.at(-1)?.msg).toBe('last line before exit');
  });
});
