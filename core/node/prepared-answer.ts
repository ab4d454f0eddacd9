import { createHash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type ZlibOptions, type BrotliOptions } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * Bodies smaller than this go out as they are, here and through @fastify/compress (app.ts): a
 * few hundred bytes gain nothing worth a Content-Encoding.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

type Encoding = 'br' | 'gzip';

/**
 * Route options of a route answered with sendPrepared: its answers come compressed already, so
 * @fastify/compress adds no hooks to it (they would negotiate and measure every answer again).
 */
export const preparedRoute = { compress: false } as const;

/** The 304 of a route answered with sendPrepared, for its response schema (and OpenAPI). */
export const notModifiedResponse = z.undefined().describe('Not modified: If-None-Match named the current ETag. No body.');

/**
 * An answer made once and sent many times (the catalogue's kept answers, the reference
 * lists): the serialised body, its ETag, and its brotli and gzip forms, each compressed on first
 * demand and kept. Sending one costs no serialisation and no compression.
 */
export class PreparedAnswer {
  /** Weak: the brotli, gzip and plain bodies are different bytes of the same answer. */
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Buffer>();
  /** Compressions under way on the thread pool (encodedSoon). */
  private readonly encoding = new Map<Encoding, Promise<Buffer>>();
  /** Encodings kept at the cheap level, compressed again at the best one when sent again. */
  private readonly cheap = new Set<Encoding>();

  /**
   * `headers` belong to the answer (e.g. `X-Total-Count` of a page): sent with it and with its
   * 304, and part of its ETag, so a page whose items stayed but whose total moved is a new answer.
   */
  constructor(
    readonly body: Buffer,
    readonly contentType: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    const hash = createHash('sha256').update(body);
    for (const [name, value] of Object.entries(headers)) hash.update(`\n${name}: ${value}`);
    this.etag = `W/"${hash.digest('base64url').slice(0, 27)}"`;
  }

  /** The body in `encoding`; compressed once (at the best level, on the event loop), at the first request that accepts it. */
  encodedAs(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = encoding === 'br' ? brotliCompressSync(this.body, brotliOptions(this.body, 'best')) : gzipSync(this.body, GZIP.best);
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }

  /**
   * The body in `encoding` without compressing on the event loop (issue 34: anyone may ask for
   * an answer nobody asked for before): the kept bytes when there are some, else compressed on
   * libuv's thread pool at a cheap level (brotli 5: a few percent larger than 9, at a fifth of
   * the time), shared by everyone asking meanwhile. An answer sent again has proven worth the
   * best level: it is compressed again at it, in the background, and sent so from then on.
   */
  encodedSoon(encoding: Encoding): Buffer | Promise<Buffer> {
    const bytes = this.encoded.get(encoding);
    if (bytes) {
      if (this.cheap.delete(encoding)) {
        compressed(encoding, this.body, 'best').then(
          (best) => this.encoded.set(encoding, best),
          () => this.cheap.add(encoding),
        );
      }
      return bytes;
    }
    let pending = this.encoding.get(encoding);
    if (!pending) {
      pending = compressed(encoding, this.body, 'cheap').then((cheap) => {
        this.encoding.delete(encoding);
        const kept = this.encoded.get(encoding);
        if (kept) return kept;
        this.encoded.set(encoding, cheap);
        this.cheap.add(encoding);
        return cheap;
      });
      pending.catch(() => this.encoding.delete(encoding));
      this.encoding.set(encoding, pending);
    }
    return pending;
  }
}

type Level = 'cheap' | 'best';

const GZIP: Record<Level, ZlibOptions> = { cheap: { level: 6 }, best: { level: 9 } };

function brotliOptions(body: Buffer, level: Level): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      // 9 is within a few bytes of 11 on these bodies, at a fortieth of the time: an answer keyed
      // by the caller's filter must stay cheap to make. 5 is the one-off answers' level.
      [constants.BROTLI_PARAM_QUALITY]: level === 'best' ? 9 : 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
}

/** `body` compressed on libuv's thread pool (not the event loop). */
function compressed(encoding: Encoding, body: Buffer, level: Level): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, bytes: Buffer) => (error ? reject(error) : resolve(bytes));
    if (encoding === 'br') brotliCompress(body, brotliOptions(body, level), done);
    else gzip(body, GZIP[level], done);
  });
}

/**
 * A JSON answer, serialised exactly as the route's zod response schema would (the same encode
 * and JSON.stringify as fastify-type-provider-zod's serializer), so sending it instead of the
 * value changes no byte of the answer.
 */
export function prepareJson<Schema extends z.ZodType>(
  schema: Schema,
  value: z.output<Schema>,
  headers: Readonly<Record<string, string>> = {},
): PreparedAnswer {
  return new PreparedAnswer(Buffer.from(JSON.stringify(z.encode(schema, value))), 'application/json; charset=utf-8', headers);
}

/**
 * Sends a prepared answer with its ETag, its own headers and `cacheControl`: 304 without a body when
 * If-None-Match names the ETag, else the body in the best encoding the client accepts (brotli,
 * then gzip), with `Vary: Accept-Encoding`. Fastify does not serialise a Buffer, and
 * @fastify/compress leaves an answer that already has a Content-Encoding alone.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer, cacheControl: string): FastifyReply {
  const encoding = negotiated(request, reply, answer, cacheControl);
  if (encoding === NOT_MODIFIED) return reply.code(304).send();
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(answer.encodedAs(encoding));
}

/**
 * sendPrepared for answers anyone can have made anew (the catalogue's): an encoding not kept yet
 * is compressed off the event loop (PreparedAnswer.encodedSoon). Sent at once (undefined) when
 * nothing is left to compress, else a promise that settles once it is sent.
 */
export function sendPreparedSoon(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  cacheControl: string,
): Promise<void> | undefined {
  const encoding = negotiated(request, reply, answer, cacheControl);
  if (encoding === NOT_MODIFIED) reply.code(304).send();
  else if (!encoding) reply.send(answer.body);
  else {
    reply.header('content-encoding', encoding);
    const bytes = answer.encodedSoon(encoding);
    if (!Buffer.isBuffer(bytes)) return bytes.then((ready) => void reply.send(ready));
    reply.send(bytes);
  }
  return undefined;
}

const NOT_MODIFIED = 'not-modified';

/** Sets the answer's headers and answers what to send: a 304, the body in an encoding, or as it is (undefined). */
function negotiated(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  cacheControl: string,
): Encoding | typeof NOT_MODIFIED | undefined {
  reply.header('etag', answer.etag).header('cache-control', cacheControl);
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  const compressible = answer.body.length >= COMPRESS_THRESHOLD_BYTES && isText(answer.contentType);
  if (compressible) reply.header('vary', 'accept-encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && namesEtag(ifNoneMatch, answer.etag)) return NOT_MODIFIED;
  reply.header('content-type', answer.contentType);
  return compressible ? acceptedEncoding(request.headers['accept-encoding']) : undefined;
}

/** Whether compressing helps: text (JSON, HTML, SVG) does; an already compressed picture (WebP) does not. */
function isText(contentType: string): boolean {
  return !contentType.startsWith('image/') || contentType.startsWith('image/svg+xml');
}

/** If-None-Match's weak comparison (RFC 9110 13.1.2): `*`, or any listed tag with the same opaque value. */
export function namesEtag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch === etag) return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}

// Browsers send the same Accept-Encoding on every request: parse each distinct value once.
let lastAcceptEncoding: string | undefined;
let lastAccepted: Encoding | undefined;

/**
 * The encoding to send for an Accept-Encoding header: brotli when accepted, else gzip, else none
 * (q=0 refuses a coding; `*` stands for the codings not named).
 */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (header === lastAcceptEncoding) return lastAccepted;
  const accepts = new Map<string, boolean>();
  for (const part of header.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    accepts.set(coding, q === undefined || Number(q.slice(2)) > 0);
  }
  const any = accepts.get('*') ?? false;
  const accepted: Encoding | undefined =
    (accepts.get('br') ?? any) ? 'br' : (accepts.get('gzip') ?? accepts.get('x-gzip') ?? any) ? 'gzip' : undefined;
  lastAcceptEncoding = header;
  lastAccepted = accepted;
  return accepted;
}
