import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FakeClock } from '../../src/adapters/fake/fake-clock';
import { type FakeAdapterSet, createFakeAdapters } from '../../src/di/fake-adapters';
import type { Address } from '../../src/domain/address';
import type { Product } from '../../src/domain/product';
import type { Result } from '../../src/domain/result';
import type { ProfileUpdate } from '../../src/domain/user';
import type { PasswordChange } from '../../src/ports/account-gateway';
import type { ProductQuery } from '../../src/ports/catalog-gateway';

/**
 * The in-memory fakes (the world of `npm run dev:fake`) behind a tiny HTTP shim, so the Pact
 * verifier can check them against the storefront's contract exactly as it checks the reference
 * server. Each route calls ONE fake gateway method and writes its Result the way the server
 * writes answers (docs/wire-format.md): data fields on 2xx, `{ success: false, message }` on
 * errors. Mails the fake "sends" land as JSON files in `outboxDir`, like the server's dev outbox,
 * so the contract's provider-state handlers find the mailed tokens.
 */
export interface FakeApiServer {
  url: string;
  outboxDir: string;
  fakes: FakeAdapterSet;
  close(): Promise<void>;
}

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown>;
  bearer: string;
}

type Route = (call: Call, fakes: FakeAdapterSet, match: RegExpExecArray) => Promise<{ status: number; body: unknown }>;

/** A Result as the server writes it; `fields` picks the 2xx body fields from the data. */
function reply<T>(result: Result<T>, fields: (data: T) => Record<string, unknown> = () => ({})): { status: number; body: unknown } {
  if (!result.ok) return { status: result.status, body: { success: false, message: result.message ?? '' } };
  const message = result.message === undefined ? {} : { message: result.message };
  return { status: result.status, body: { success: true, ...message, ...fields(result.data) } };
}

/** A list answer is the bare array (SPEC 7). */
function list<T>(result: Result<T[]>, map: (item: T) => unknown = (item) => item): { status: number; body: unknown } {
  return result.ok ? { status: result.status, body: result.data.map(map) } : reply(result);
}

/**
 * The product the wire carries: images as prodImg1..N, absent description or price left out.
 * A fake stands for the server AND the HTTP adapter, which turns the server's image path into a
 * URL; the fakes inline that very picture (demo/product-image-svg.ts) as a data: URL instead. On
 * the wire it is the server's path, /images/products/{id}-{n}.svg.
 */
function wireProduct({ images, ...product }: Product): Record<string, unknown> {
  const path = (url: string, position: number): string =>
    url.startsWith('data:') ? `/images/products/${product._id}-${position}.svg` : url;
  return { ...product, ...Object.fromEntries(images.map((url, index) => [`prodImg${index + 1}`, path(url, index + 1)])) };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const routes: Array<[method: string, path: RegExp, route: Route]> = [
  ['POST', /^\/api\/product$/, async ({ body }, { catalog }) => list(await catalog.listProducts(body as ProductQuery), wireProduct)],
  [
    'GET',
    /^\/api\/product\/([^/]+)$/,
    async (_call, { catalog }, [, id]) => {
      const result = await catalog.getProduct(decodeURIComponent(id!));
      return result.ok ? { status: result.status, body: wireProduct(result.data) } : reply(result);
    },
  ],
  ['GET', /^\/api\/category$/i, async (_call, { catalog }) => list(await catalog.listCategories())],
  ['GET', /^\/api\/address\/countries$/, async (_call, { referenceData }) => ({ status: 200, body: await referenceData.countries() })],
  ['GET', /^\/api\/address\/states$/, async (_call, { referenceData }) => ({ status: 200, body: await referenceData.cities() })],
  [
    'GET',
    /^\/api\/address\/submunicipalities\/([^/]+)$/,
    async (_call, { referenceData }, [, code]) => ({
      status: 200,
      body: await referenceData.subMunicipalities(decodeURIComponent(code!)),
    }),
  ],
  [
    'GET',
    /^\/api\/address\/neighbours\/(\d+)$/,
    async (_call, { referenceData }, [, id]) => ({
      status: 200,
      body: await referenceData.neighbours(Number(id)),
    }),
  ],
  [
    'POST',
    /^\/api\/users\/login$/,
    async ({ body }, { account }) => reply(await account.login(text(body.email), text(body.password)), (data) => ({ ...data })),
  ],
  [
    'POST',
    /^\/api\/users\/register$/,
    async ({ body }, { account }) =>
      reply(await account.register(text(body.userName), text(body.email), text(body.password)), (data) => ({ ...data })),
  ],
  ['GET', /^\/api\/users\/logout$/, async ({ bearer }, { account }) => reply(await account.logout(bearer))],
  [
    'GET',
    /^\/api\/users\/refresh$/,
    async ({ bearer }, { account }) => {
      const result = await account.refresh(bearer);
      // The rotated pair alone (docs/wire-format.md).
      return result.ok ? { status: result.status, body: { ...result.data } } : reply(result);
    },
  ],
  [
    'PUT',
    /^\/api\/users\/update-password$/,
    async ({ body, bearer }, { account }) => reply(await account.updatePassword(bearer, body as unknown as PasswordChange)),
  ],
  [
    'PUT',
    /^\/api\/users\/reset-password\/([^/]+)$/,
    async ({ body }, { account }, [, token]) => reply(await account.resetPassword(decodeURIComponent(token!), text(body.newpass))),
  ],
  ['POST', /^\/api\/users\/forgot-password$/, async ({ body }, { account }) => reply(await account.forgotPassword(text(body.to)))],
  ['GET', /^\/api\/users\/profile$/, async ({ bearer }, { account }) => reply(await account.getProfile(bearer), (user) => ({ user }))],
  [
    'PUT',
    /^\/api\/users\/profile$/,
    async ({ body, bearer }, { account }) => reply(await account.updateProfile(bearer, body as unknown as ProfileUpdate)),
  ],
  [
    'POST',
    /^\/api\/users\/verify-email$/,
    async ({ body, bearer }, { account }) => reply(await account.sendVerificationEmail(bearer, text(body.to))),
  ],
  [
    'POST',
    /^\/api\/users\/verify-email-anonymous$/,
    async ({ body }, { account }) => reply(await account.sendAnonymousVerificationEmail(text(body.to))),
  ],
  [
    'POST',
    /^\/api\/users\/email-verification\/([^/]+)$/,
    async (_call, { account }, [, token]) => reply(await account.verifyEmail(decodeURIComponent(token!))),
  ],
  [
    'POST',
    /^\/api\/users\/email-verification-anonymous\/([^/]+)$/,
    async (_call, { account }, [, token]) => reply(await account.verifyEmailAnonymous(decodeURIComponent(token!))),
  ],
  [
    'PUT',
    /^\/api\/users\/update-address$/,
    async ({ body, bearer }, { addresses }) =>
      reply(await addresses.saveAddress(bearer, body as unknown as Address), ({ newId }) => ({ _newId: newId })),
  ],
  [
    'POST',
    /^\/api\/users\/delete-address$/,
    async ({ body, bearer }, { addresses }) => reply(await addresses.deleteAddress(bearer, text(body._id))),
  ],
];

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
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'fake-outbox-'));
  let mailsWritten = 0;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const call: Call = {
      method: request.method ?? 'GET',
      path: url.pathname,
      body: await readBody(request),
      bearer: (request.headers.authorization ?? '').replace(/^Bearer /, ''),
    };
    let answer: { status: number; body: unknown } = { status: 404, body: { success: false, message: 'Not found' } };
    const found = routes.find(([method, pattern]) => method === call.method && pattern.test(call.path));
    if (found) answer = await found[2](call, fakes, found[1].exec(call.path)!);
    else unrouted.push(`${call.method} ${call.path}`);
    // Mails sent by this call, written before the answer, as the server's dev outbox does.
    for (const mail of fakes.accountStore.outbox.slice(mailsWritten)) {
      mailsWritten += 1;
      writeFileSync(path.join(outboxDir, `${mailsWritten}.json`), JSON.stringify({ to: mail.to, links: [`http://fake${mail.link}`] }));
    }
    response.writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(answer.body));
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
