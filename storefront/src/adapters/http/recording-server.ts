// Test support: a real HTTP server on an ephemeral port that records what the client sent.
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The raw body text ('' when none). */
  text: string;
  /** The body parsed as JSON, or undefined. */
  json: unknown;
}

export interface Reply {
  status?: number;
  /** An object is sent as JSON; a string as is. */
  body?: unknown;
  contentType?: string;
  /** Extra answer headers, e.g. `X-Total-Count`. */
  headers?: Record<string, string>;
}

export type Responder = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface RecordingServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** The one reply for every next request. */
  reply(responder: Responder | Reply): void;
  close(): Promise<void>;
}

export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  let responder: Responder = () => ({ status: 200, body: {} });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    const answer = async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      const recorded: RecordedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, text, json };
      requests.push(recorded);
      const reply = await responder(recorded);
      if (res.destroyed) return;
      const raw = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      const type = reply.contentType ?? (typeof reply.body === 'string' ? 'text/plain' : 'application/json');
      res.writeHead(reply.status ?? 200, { ...(raw === '' ? {} : { 'Content-Type': type }), ...reply.headers });
      res.end(raw);
    };
    req.on('end', () => void answer());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    reply(next) {
      responder = typeof next === 'function' ? next : () => next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A base URL on which nothing listens: a port just released by a server that was closed. */
export async function closedPortBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
