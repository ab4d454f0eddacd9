import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCatalogGateway, pagePaths, renderPage } from '../src/shell/entry-server';
import { build, type TestServer } from '../../api/src/testing/test-server';
import { BUILT_PAGE, writeBuiltShop } from '../../tests/support/built-shop';
import { loadStorefrontConfig } from './config';
import { API_UNREACHABLE, buildStorefront } from './storefront-app';
import { PAGE_SOURCE_HEADER } from './storefront-pages';

const entry = { renderPage, apiCatalogGateway, pagePaths };

interface WireProduct {
  _id: string;
  prodName: string;
  prodPrice?: number;
}

let staticDir: string;
let removeShop: () => void;
let api: TestServer;
/** Every request the storefronts made to the API, as `METHOD path [If-None-Match]`. */
const calls: string[] = [];
const counting: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input);
  const ifNoneMatch = new Headers(init?.headers).get('if-none-match');
  calls.push(`${init?.method ?? 'GET'} ${url.pathname}${ifNoneMatch ? ' If-None-Match' : ''}`);
  return fetch(input, init);
};

async function storefront(env: Record<string, string>, fetchFn: typeof fetch = counting): Promise<FastifyInstance> {
  const config = loadStorefrontConfig({ STATIC_DIR: staticDir, LOG_LEVEL: 'silent', ...env });
  return buildStorefront({ config, entry, fetch: fetchFn });
}

beforeAll(async () => {
  ({ staticDir, remove: removeShop } = writeBuiltShop());
  // The reference server on a port of its own, rendering its own pages from the same build.
  api = await build({ seed: true, listen: true, clock: 'system', renderPage, env: { STATIC_DIR: staticDir } });
});

afterAll(async () => {
  await api.close();
  removeShop();
});

const products = async (body: object) => (await api.request({ method: 'POST', url: '/api/product', payload: body })).json<WireProduct[]>();

describe('the storefront tier in front of the reference server (D22)', () => {
  let shop: FastifyInstance;
  beforeAll(async () => {
    // The shop's one address (D25: the pages' canonical links and JSON-LD name it), as the API's.
    shop = await storefront({ API_URL: api.url, PUBLIC_URL: api.config.publicUrl });
  });
  afterAll(() => shop.close());

  it('renders the same HTML as the reference server renders from its own catalogue, for the public routes', async () => {
    const [product] = await products({ collection: 'popular' });
    const [category] = (await api.request({ method: 'GET', url: '/api/Category' })).json<Array<{ categoryId: number }>>();
    for (const url of [
      '/',
      `/productlist/${category?.categoryId}`,
      `/product/${product?._id}`,
      '/productlist/?q=mug',
      '/cart',
      '/privacy',
      '/terms',
    ]) {
      const own = await api.request({ method: 'GET', url });
      const tier = await shop.inject({ method: 'GET', url });
      expect(tier.statusCode, url).toBe(own.statusCode);
      expect(tier.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(tier.headers[PAGE_SOURCE_HEADER], url).toBe('rendered');
      expect(tier.body, url).toBe(own.body);
    }
    const home = await shop.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain(product?.prodName.replace(/&/g, '&amp;'));
    expect(home.body).toContain('<meta name="storefront-api" content="same-origin" />');
  });

  it("keeps a page while the API's answers are fresh (max-age=60), for a CDN too, and revalidates with ETags", async () => {
    const [product] = await products({ collection: 'new' });
    const url = `/product/${product?._id}`;
    const first = await shop.inject({ method: 'GET', url });
    expect(first.headers[PAGE_SOURCE_HEADER]).toBe('rendered');
    calls.length = 0;
    const again = await shop.inject({ method: 'GET', url });
    expect(again.headers[PAGE_SOURCE_HEADER]).toBe('kept');
    expect(again.body).toBe(first.body);
    expect(calls).toEqual([]);
    expect(again.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=(5\d|60)$/);
    // The browser revalidates the page itself: a 304 for the same page.
    const revalidated = await shop.inject({ method: 'GET', url, headers: { 'if-none-match': String(again.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('with API_CACHE_MAX_AGE=0, asks again on every page: 304s keep the page without a render, a changed price renders it again', async () => {
    const strict = await storefront({ API_URL: api.url, API_CACHE_MAX_AGE: '0' });
    try {
      const [product] = (await products({})).filter((candidate) => candidate.prodPrice !== undefined);
      if (!product) throw new Error('the demo has a priced product');
      const url = `/product/${product._id}`;
      expect((await strict.inject({ method: 'GET', url })).headers[PAGE_SOURCE_HEADER]).toBe('rendered');
      calls.length = 0;
      const same = await strict.inject({ method: 'GET', url });
      expect(same.headers[PAGE_SOURCE_HEADER]).toBe('revalidated');
      expect(same.headers['cache-control']).toBe('no-cache');
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.every((call) => call.endsWith('If-None-Match'))).toBe(true);

      await api.testDb.db.query('UPDATE products SET price = $1 WHERE id = $2', [4321.5, product._id]);
      await expect.poll(async () => (await strict.inject({ method: 'GET', url })).body, { timeout: 5000 }).toContain('$4,321.50');
      expect((await strict.inject({ method: 'GET', url })).headers[PAGE_SOURCE_HEADER]).toBe('revalidated');
    } finally {
      await strict.close();
    }
  });

  it("forwards the API's paths to the API: the catalogue, the pictures and socket.io's handshake, naming the client", async () => {
    const categories = await shop.inject({ method: 'GET', url: '/api/Category' });
    expect(categories.statusCode).toBe(200);
    expect(categories.json()).toEqual((await api.request({ method: 'GET', url: '/api/Category' })).json());
    const [product] = await products({ collection: 'popular' });
    const search = await shop.inject({ method: 'POST', url: '/api/product', payload: { q: 'zzzz-nothing', limit: 5 } });
    expect(search.statusCode).toBe(200);
    expect(search.headers['x-total-count']).toBe('0');
    const picture = await shop.inject({ method: 'GET', url: `/images/products/${product?._id}-1.webp` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\//);
    // socket.io (D12) over its WebSocket, through this server, signed in.
    const { accessToken } = await api.signIn('socket@example.com');
    const address = await shop.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect(address, { auth: { token: accessToken }, transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', resolve);
        socket.on('connect_error', reject);
      });
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
    const refused = await shop.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'nobody@example.com', password: 'x' } });
    expect(refused.statusCode).toBe(401);
  });

  it('forwards what crawlers read to the API: robots.txt and the sitemaps (D25)', async () => {
    for (const url of ['/robots.txt', '/sitemap.xml', '/sitemap/products-1.xml', '/sitemap/categories-1.xml', '/sitemap/products-99.xml']) {
      const own = await api.request({ method: 'GET', url });
      const tier = await shop.inject({ method: 'GET', url });
      expect([tier.statusCode, tier.headers['content-type'], tier.body], url).toEqual([
        own.statusCode,
        own.headers['content-type'],
        own.body,
      ]);
    }
    expect((await shop.inject({ method: 'GET', url: '/robots.txt' })).body).toContain(`Sitemap: ${api.config.publicUrl}/sitemap.xml`);
  });

  it("answers a missing file with a 404, never the page, and a page's HEAD like its GET", async () => {
    expect((await shop.inject({ method: 'GET', url: '/assets/gone-1234.js' })).statusCode).toBe(404);
    expect((await shop.inject({ method: 'GET', url: '/.ssr/entry-server.js' })).statusCode).toBe(404);
    expect((await shop.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('reaches each page by a route of its own; any other path is the not-found page', async () => {
    for (const url of ['/', '/about', '/privacy', '/terms', '/cart', '/productlist/:catId', '/productlist', '/product/:id', '/profile']) {
      expect(shop.hasRoute({ method: 'GET', url }), url).toBe(true);
    }
    expect(shop.hasRoute({ method: 'GET', url: '/nope' })).toBe(false);
    const about = await shop.inject({ method: 'GET', url: '/about' });
    expect(about.statusCode).toBe(200);
    expect(about.body).toContain('<title>About Us | Storefront</title>');
    const notFound = await shop.inject({ method: 'GET', url: '/nope' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['content-type']).toContain('text/html');
    // A path under a page's route that names a file is no page.
    expect((await shop.inject({ method: 'GET', url: '/product/x.map' })).statusCode).toBe(404);
    expect((await shop.inject({ method: 'GET', url: '/product/x.map' })).headers['content-type']).toContain('application/json');
  });
});

describe('a storefront whose browsers call the API directly (API_PUBLIC_URL)', () => {
  it("names the API in the page and in its CSP, gives the pictures the API's address, and forwards only what crawlers read", async () => {
    const shop = await storefront({ API_URL: api.url, API_PUBLIC_URL: 'https://api.shop.example' });
    try {
      const [product] = await products({ collection: 'popular' });
      const page = await shop.inject({ method: 'GET', url: `/product/${product?._id}` });
      expect(page.headers[PAGE_SOURCE_HEADER]).toBe('rendered');
      expect(page.body).toContain('<meta name="storefront-api" content="https://api.shop.example" />');
      expect(page.body).toContain(`src="https://api.shop.example/images/products/${product?._id}-1.webp"`);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain('img-src');
      expect(csp).toMatch(/connect-src 'self' https:\/\/api\.shop\.example wss:\/\/api\.shop\.example/);
      const api404 = await shop.inject({ method: 'GET', url: '/api/Category' });
      expect(api404.statusCode).toBe(404);
      expect(api404.json()).toEqual({ success: false, message: 'Not found.' });
      // What crawlers read is on the shop's own address all the same (D25).
      expect((await shop.inject({ method: 'GET', url: '/sitemap.xml' })).statusCode).toBe(200);
    } finally {
      await shop.close();
    }
  });
});

/** An API on a port of its own that answers nothing for `delayMs` (a stuck API), then the reference server's answer. */
async function slowApi(delayMs: number): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      setTimeout(() => {
        void fetch(`${api.url}${request.url}`, {
          method: request.method ?? 'GET',
          headers: { 'content-type': 'application/json' },
          ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
        })
          .then(async (answer) => {
            response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
            response.end(Buffer.from(await answer.arrayBuffer()));
          })
          // The test is over (its API closed) before the delay: nobody waits for this answer.
          .catch(() => response.destroy());
      }, delayMs).unref();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('when the API is slow or away', () => {
  it('a slow API: the page goes out at the deadline, for the browser to render, and is kept by no cache', async () => {
    const slow = await slowApi(3000);
    const shop = await storefront({ API_URL: slow.url, RENDER_DEADLINE_MS: '300' });
    try {
      const started = performance.now();
      const page = await shop.inject({ method: 'GET', url: '/' });
      const waited = performance.now() - started;
      expect(page.statusCode).toBe(200);
      expect(page.headers[PAGE_SOURCE_HEADER]).toBe('browser');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).toContain('<meta name="storefront-api" content="same-origin" />');
      expect(waited).toBeLessThan(2500);
    } finally {
      await shop.close();
      slow.server.closeAllConnections();
      slow.server.close();
    }
  });

  it('an API that refuses connections: the page for the browser to render at once, never a 500', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    closed.close();
    const shop = await storefront({ API_URL: url, RENDER_DEADLINE_MS: '5000' });
    try {
      for (const path of ['/', '/productlist/', '/product/65f1c0ffee0000000000a001']) {
        const page = await shop.inject({ method: 'GET', url: path });
        expect(page.statusCode, path).toBe(200);
        expect(page.headers[PAGE_SOURCE_HEADER], path).toBe('browser');
        expect(page.body).toBe(BUILT_PAGE.replace('<head>', '<head>\n    <meta name="storefront-api" content="same-origin" />'));
      }
      // The forwarded API answers the browser in SPEC's error shape, with when to try again.
      const forwarded = await shop.inject({ method: 'GET', url: '/api/Category' });
      expect(forwarded.statusCode).toBe(503);
      expect(forwarded.headers['retry-after']).toBe('5');
      expect(forwarded.json()).toEqual({ success: false, message: API_UNREACHABLE });
    } finally {
      await shop.close();
    }
  });

  it('an API that goes away: the last good page, marked stale, until it is back', async () => {
    let down = false;
    const flaky: typeof fetch = (input, init) => (down ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init));
    const shop = await storefront({ API_URL: api.url, API_CACHE_MAX_AGE: '0' }, flaky);
    try {
      const good = await shop.inject({ method: 'GET', url: '/' });
      expect(good.headers[PAGE_SOURCE_HEADER]).toBe('rendered');
      down = true;
      const stale = await shop.inject({ method: 'GET', url: '/' });
      expect(stale.statusCode).toBe(200);
      expect(stale.headers[PAGE_SOURCE_HEADER]).toBe('stale');
      expect(stale.headers['cache-control']).toBe('no-store');
      expect(stale.body).toBe(good.body);
      down = false;
      expect((await shop.inject({ method: 'GET', url: '/' })).headers[PAGE_SOURCE_HEADER]).toBe('revalidated');
    } finally {
      await shop.close();
    }
  });
});
