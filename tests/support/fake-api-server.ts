import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FakeClock } from '../../storefront/src/adapters/fake/fake-clock';
import { answerFrom, type WireAnswer, type WireRequest } from '../../storefront/src/adapters/fake/fake-server';
import { type FakeAdapterSet, createFakeAdapters } from '../../storefront/src/di/fake-adapters';

/**
 * The in-memory fakes (the world of `npm run dev:fake`) behind a tiny HTTP shim, so the Pact
 * verifier can check them against the storefront's contract exactly as it checks the reference
 * server. The fake gateways are the shop's HTTP gateways over in-memory fake servers
 * (storefront/src/adapters/fake/fake-server.ts): the shim serves those servers' own routes, statuses and
 * bodies as they are. Mails the fake "sends" land as JSON files in `outboxDir`, like the
 * server's dev outbox, so the contract's provider-state handlers find the mailed tokens.
 */
export interface FakeApiServer {
  url: string;
  outboxDir: string;
  fakes: FakeAdapterSet;
  close(): Promise<void>;
}

type ReferenceRoute = [path: RegExp, answer: (fakes: FakeAdapterSet, param: string) => Promise<unknown[]>];

/** The reference lists fake is no HTTP gateway (it answers lists, never fails): its routes are here. */
const referenceRoutes: ReferenceRoute[] = [
  [/^\/api\/address\/countries$/, ({ referenceData }) => referenceData.countries()],
  [/^\/api\/address\/states$/, ({ referenceData }) => referenceData.cities()],
  [/^\/api\/address\/submunicipalities\/([^/]+)$/, ({ referenceData }, code) => referenceData.subMunicipalities(code)],
  [/^\/api\/address\/neighbours\/(\d+)$/, ({ referenceData }, id) => referenceData.neighbours(Number(id))],
];

/**
 * The fakes inline the server's product pictures (core/demo/product-image-svg.ts) as data: URLs,
 * standing in for the server AND the HTTP adapter that resolves its image paths; on the wire
 * each is the server's path, /images/products/{id}-{n}.webp.
 */
function serverImagePaths(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(serverImagePaths);
  if (body === null || typeof body !== 'object' || !('_id' in body)) return body;
  const product = body as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(product).map(([key, value]) => {
      const position = /^prodImg(\d+)$/.exec(key)?.[1];
      const inline = position !== undefined && typeof value === 'string' && value.startsWith('data:');
      return [key, inline ? `/images/products/${String(product._id)}-${position}.webp` : value];
    }),
  );
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  const parsed: unknown = raw === '' ? {} : JSON.parse(raw);
  return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

/** Starts the fakes on a free local port. `unrouted` collects calls no route answered (a 404 then). */
export async function startFakeApiServer(unrouted: string[] = []): Promise<FakeApiServer> {
  const fakes = createFakeAdapters({ clock: new FakeClock() });
  const routes = [
    ...fakes.catalog.server.routes,
    ...fakes.account.server.routes,
    ...fakes.privacy.server.routes,
    ...fakes.addresses.server.routes,
    ...fakes.orders.server.routes,
    ...fakes.stockAlert.server.routes,
  ];
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'fake-outbox-'));
  let mailsWritten = 0;

  async function answer(request: WireRequest): Promise<WireAnswer | undefined> {
    for (const [pattern, list] of request.method === 'GET' ? referenceRoutes : []) {
      const match = pattern.exec(request.path);
      if (match) return { status: 200, body: await list(fakes, decodeURIComponent(match[1] ?? '')) };
    }
    const answered = answerFrom(routes, request);
    return answered && { ...answered, body: serverImagePaths(answered.body) };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const call: WireRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      body: await readBody(request),
      bearer: (request.headers.authorization ?? '').replace(/^Bearer /, ''),
      headers: Object.fromEntries(
        Object.entries(request.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
      ),
      query: url.searchParams,
    };
    let answered = await answer(call);
    if (!answered) {
      unrouted.push(`${call.method} ${call.path}`);
      answered = { status: 404, body: { success: false, message: 'Not found' } };
    }
    // Mails sent by this call, written before the answer, as the server's dev outbox does.
    for (const mail of fakes.accountStore.outbox.slice(mailsWritten)) {
      mailsWritten += 1;
      writeFileSync(path.join(outboxDir, `${mailsWritten}.json`), JSON.stringify({ to: mail.to, links: [`http://fake${mail.link}`] }));
    }
    response.writeHead(answered.status, { ...answered.headers, 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(answered.body));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ success: false, message: error instanceof Error ? error.message : String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    outboxDir,
    fakes,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}
