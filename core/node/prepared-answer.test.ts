import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { acceptedEncoding, namesEtag, PreparedAnswer, prepareJson } from './prepared-answer';

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP, BR', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
    ['*;q=0', undefined],
    ['identity', undefined],
    ['deflate, zstd', undefined],
    ['', undefined],
    [undefined, undefined],
  ] as const)('%j -> %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
    // Same header again: the remembered answer.
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

describe('namesEtag', () => {
  const etag = 'W/"abc"';
  it.each([
    ['W/"abc"', true],
    ['"abc"', true],
    ['W/"x", W/"abc"', true],
    ['*', true],
    ['W/"abd"', false],
    ['abc', false],
    ['', false],
  ])('%j -> %s', (header, expected) => {
    expect(namesEtag(header, etag)).toBe(expected);
  });
});

describe('PreparedAnswer', () => {
  it('serialises as the response schema does, with a tag that follows the bytes', () => {
    const schema = z.array(z.object({ a: z.number() }));
    const answer = prepareJson(schema, [{ a: 1, b: 2 } as { a: number }]);
    expect(answer.body.toString()).toBe('[{"a":1}]');
    expect(answer.contentType).toBe('application/json; charset=utf-8');
    expect(answer.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(prepareJson(schema, [{ a: 1 }]).etag).toBe(answer.etag);
    expect(prepareJson(schema, [{ a: 2 }]).etag).not.toBe(answer.etag);
  });

  it('compresses once per encoding, to bytes that decompress to the body', () => {
    const answer = new PreparedAnswer(Buffer.from('x'.repeat(5000)), 'text/plain');
    const brotli = answer.encodedAs('br');
    expect(answer.encodedAs('br')).toBe(brotli);
    expect(brotliDecompressSync(brotli).equals(answer.body)).toBe(true);
    expect(gunzipSync(answer.encodedAs('gzip')).equals(answer.body)).toBe(true);
    expect(brotli.length).toBeLessThan(100);
  });

  it('compresses a new answer off the event loop at a cheap level, once for everyone asking, and at the best level once it is sent again', async () => {
    // Text that compresses noticeably better at brotli 9 than at 5.
    const words = Array.from({ length: 4000 }, (_, i) => `word${(i * 7919) % 1009} `).join('');
    const answer = new PreparedAnswer(Buffer.from(words), 'application/json');
    const first = answer.encodedSoon('br');
    expect(first).toBeInstanceOf(Promise);
    expect(answer.encodedSoon('br')).toBe(first);
    const cheap = await first;
    expect(brotliDecompressSync(cheap).equals(answer.body)).toBe(true);
    // Sent again: the kept bytes at once, and the best level made in the background.
    expect(answer.encodedSoon('br')).toBe(cheap);
    await vi.waitFor(() => expect(answer.encodedSoon('br')).not.toBe(cheap));
    const best = answer.encodedSoon('br') as Buffer;
    expect(best.length).toBeLessThan(cheap.length);
    expect(brotliDecompressSync(best).equals(answer.body)).toBe(true);
    expect(gunzipSync(await answer.encodedSoon('gzip')).equals(answer.body)).toBe(true);
  });
});
