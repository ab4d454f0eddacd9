import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../storefront/src/shell/entry-server';
import { build, type TestServer } from '../testing/test-server';
import { FIRST_PAINT, writeBuiltShop } from '../../../tests/support/built-shop';

interface WireProduct {
  _id: string;
  prodName: string;
  prodPrice?: number;
  prodDescription?: string;
  prodImg1?: string;
}

let staticDir: string;
let server: TestServer;

let removeShop: () => void;

beforeAll(async () => {
  ({ staticDir, remove: removeShop } = writeBuiltShop());
  server = await build({ seed: true, renderPage, env: { STATIC_DIR: staticDir } });
});

afterAll(async () => {
  await server.close();
  removeShop();
});

const page = (url: string, headers: Record<string, string> = {}) => server.request({ method: 'GET', url, headers });
const products = async (body: object) =>
  (await server.request({ method: 'POST', url: '/api/product', payload: body })).json<WireProduct[]>();
/** The HTML as a browser gets it before any script runs, tags removed: what a shopper (or a crawler) reads. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|amp|lt|gt|quot);/gi, (entity: string, name: string) => {
      const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
      const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : name.startsWith('#') ? Number(name.slice(1)) : Number.NaN;
      return named[name] ?? (Number.isNaN(code) ? entity : String.fromCodePoint(code));
    })
    .replace(/\s+/g, ' ');
/** The catalogue answers a page carries for the browser's first render. */
const answersOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="shop-answers">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;

describe('server-rendered pages (D17)', () => {
  it('home: the four carousel headings and their products in the HTML, its own title and description, the answers it was rendered from', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const shown = text(response.body);
    for (const heading of ['Yeni', 'Popüler', 'Sıradışı', 'İndirimli']) expect(shown).toContain(heading);
    // The first view of each carousel; the answers carry them all for the browser's first render.
    for (const collection of ['new', 'popular', 'unusual', 'discounted']) {
      const [first, second, third, fourth, fifth] = await products({ collection });
      for (const product of [first, second, third, fourth]) expect(shown).toContain(product?.prodName);
      expect(shown).not.toContain(fifth?.prodName);
      expect(response.body).toContain(JSON.stringify(fifth?.prodName).replace(/</g, '\\u003c'));
    }
    expect(response.body).toContain('<title>Storefront</title>');
    expect(response.body).toMatch(/<meta name="description" content="Storefront: new, popular, unusual and discounted products/);
    expect(response.body.match(/<title>/g)).toHaveLength(1);
    expect(response.body).toContain('<script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>');
    // Crawlable links: every product of the page, and the whole list (paged) from the footer.
    const [first] = await products({ collection: 'new' });
    expect(response.body).toContain(`href="/product/${first?._id}"`);
    expect(response.body).toMatch(/<a [^>]*href="\/productlist\/"/);
    expect(shown).toContain('Categories');
    const keys = (answersOf(response.body) as Array<[string, unknown]>).map(([key]) => key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'listCategories []',
        'listProducts [{"collection":"new"}]',
        'listProducts [{"collection":"popular"}]',
        'listProducts [{"collection":"unusual"}]',
        'listProducts [{"collection":"discounted"}]',
      ]),
    );
    // The server's HTML carries no inline script to run but the built page's first-paint script (allowed by its hash), and no style attribute (its CSP allows neither).
    expect(response.body.replace(`<script>${FIRST_PAINT}</script>`, '')).not.toMatch(
      /<script>|<script (?!type="(module|application\/json)")/,
    );
    expect(response.body).not.toMatch(/ style="/);
  });

  it('a product page: name, price and description, the product as the title; an unknown product is a 404', async () => {
    const [product] = (await products({})).filter((candidate) => candidate.prodPrice !== undefined && candidate.prodDescription);
    if (!product) throw new Error('the demo has a priced product with a description');
    const response = await page(`/product/${product._id}`);
    expect(response.statusCode).toBe(200);
    const shown = text(response.body);
    expect(shown).toContain(product.prodName);
    expect(shown).toMatch(/Price: \$[\d,]+\.\d{2}/);
    expect(shown).toContain(product.prodDescription);
    expect(response.body).toContain(`<title>${product.prodName.replace(/&/g, '&#38;')} | Storefront</title>`);
    // The first picture is in the page, fetched first (the page's largest paint).
    expect(response.body).toMatch(new RegExp(`<img class="gallery-frame__image" src="/images/products/${product._id}-1.webp"`));
    // ... before the thumbnails: a browser painting the page half read never shows them where the slide goes.
    expect(response.body.indexOf('gallery-frame__image')).toBeLessThan(response.body.indexOf('product-gallery__thumbs'));

    const missing = await page('/product/ffffffffffffffffffffffff');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>Page not found | Storefront</title>');
    expect(text(missing.body)).toContain('Error fetching product: Product not found');
    const unknownRoute = await page('/no/such/page');
    expect(unknownRoute.statusCode).toBe(404);
    expect(text(unknownRoute.body)).toContain('Page not found');
  });

  it("a top-level category's list: its name, its first page of products, the page and order from the URL", async () => {
    const categories = (await server.request({ method: 'GET', url: '/api/Category' })).json<
      Array<{ categoryId: number; categoryName: string; parentCategoryId: number | null }>
    >();
    const top = categories.find((category) => category.parentCategoryId === null)!;
    const response = await page(`/productlist/${top.categoryId}?sort=price-desc`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<title>${top.categoryName.replace(/&/g, '&#38;')} | Storefront</title>`);
    const shown = text(response.body);
    const descendants = (id: number): number[] => [
      id,
      ...categories.filter((c) => c.parentCategoryId === id).flatMap((c) => descendants(c.categoryId)),
    ];
    const first = await server.request({
      method: 'POST',
      url: '/api/product',
      payload: { allCategoryIds: descendants(top.categoryId), sort: 'price-desc', limit: 24, offset: 0 },
    });
    expect(shown).toContain(`${String(first.headers['x-total-count'])} products`);
    const names = first.json<WireProduct[]>().map((product) => product.prodName);
    expect(names).toHaveLength(24);
    // In the order asked for.
    const positions = names.map((name) => shown.indexOf(name));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // Each thumbnail offers the picture's narrower copies, for the browser to fetch the one its screen needs.
    const firstPicture = first.json<WireProduct[]>()[0]?.prodImg1;
    expect(response.body).toContain(
      `srcSet="${firstPicture}?w=200 200w, ${firstPicture}?w=400 400w, ${firstPicture} 800w" sizes="(max-width: 479px) 50vw, 280px"`,
    );
  });

  it("names the page's own chunk and what it imports, beyond what the built page loads itself, for the browser to preload after the first paint", async () => {
    const chunks = (html: string) =>
      JSON.parse(/<script type="application\/json" id="shop-chunks">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;
    expect(chunks((await page('/')).body)).toEqual(['/assets/home-page-Ij90.js']);
    const [product] = await products({ collection: 'new' });
    expect(chunks((await page(`/product/${product?._id}`)).body)).toEqual([
      '/assets/product-page-Kl12.js',
      '/assets/catalog-pages-Gh78.js',
    ]);
    // A page the browser renders has nothing of its own to name.
    expect(chunks((await page('/profile')).body)).toBeNull();
    // Nothing is fetched before the page has painted but what the built page links.
    expect((await page('/')).body.match(/rel="modulepreload"/g)).toHaveLength(1);
  });

  it('comes from memory with an ETag (304 on revalidation), compressed, never kept by a shared cache without asking', async () => {
    const first = await page('/about', { 'accept-encoding': 'br, gzip' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('accept-encoding');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(first.rawPayload).toString()).toContain('<title>About Us | Storefront</title>');
    const again = await page('/about', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The page carries the shop's document security headers.
    expect(first.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('compresses a page nobody asked for before at a cheap level, and at the best once it is asked for again', async () => {
    // A query string nobody sent before makes a new page (issue 34: no stall by novel URLs).
    const url = '/about?from=novel-page-test';
    const cheap = await page(url, { 'accept-encoding': 'br' });
    expect(cheap.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(cheap.rawPayload);
    expect(html.toString()).toContain('<title>About Us | Storefront</title>');
    await vi.waitFor(async () => {
      const best = await page(url, { 'accept-encoding': 'br' });
      expect(best.rawPayload.length).toBeLessThan(cheap.rawPayload.length);
      expect(brotliDecompressSync(best.rawPayload).equals(html)).toBe(true);
    });
  });

  it('runs its first-paint script under the Content-Security-Policy by the script’s hash, and no other inline script', async () => {
    const answer = await page('/about');
    expect(answer.body).toContain(`<script>${FIRST_PAINT}</script>`);
    const hash = createHash('sha256').update(FIRST_PAINT).digest('base64');
    const scriptSrc = String(answer.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('a catalogue change is on the next page: a new name, a new ETag', async () => {
    const [product] = await products({ collection: 'new' });
    if (!product) throw new Error('the demo has new products');
    const before = await page(`/product/${product._id}`);
    await server.testDb.db.query('UPDATE products SET name = $1 WHERE id = $2', ['Yepyeni Ad', product._id]);
    await vi.waitFor(async () => {
      const after = await page(`/product/${product._id}`);
      expect(text(after.body)).toContain('Yepyeni Ad');
      expect(after.headers.etag).not.toBe(before.headers.etag);
    });
    // The home's answers too (the card itself may be beyond the first view now the name sorts later).
    expect((await page('/')).body).toContain('"prodName":"Yepyeni Ad"');
  });

  it('a product name cannot break out of the page: escaped in the HTML, the title and the answers', async () => {
    const [product] = await products({ collection: 'popular' });
    if (!product) throw new Error('the demo has popular products');
    const hostile = '</script><script>alert(1)</script><!--"\'&';
    await server.testDb.db.query('UPDATE products SET name = $1 WHERE id = $2', [hostile, product._id]);
    await vi.waitFor(async () => {
      const response = await page(`/product/${product._id}`);
      expect(response.body).not.toContain('<script>alert(1)');
      expect(response.body).toContain(
        '<title>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;!--&#34;&#39;&#38; | Storefront</title>',
      );
      const answer = (answersOf(response.body) as Array<[string, { ok: boolean; data: { prodName: string } }]>).find(([key]) =>
        key.startsWith('getProduct'),
      );
      expect(answer?.[1].data.prodName).toBe(hostile);
    });
  });

  it('never serves the renderer, the manifest or any other built file outside assets by a dot path', async () => {
    for (const url of ['/.ssr/entry-server.js', '/.vite/manifest.json', '/.ssr/']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('renderPage');
    }
  });

  it('signed-in pages: the layout with its category tree, the page itself left to the browser', async () => {
    const response = await page('/profile');
    expect(response.statusCode).toBe(200);
    const shown = text(response.body);
    expect(shown).toContain('Categories');
    expect(shown).not.toContain('Edit Profile Information');
    expect(response.body).toMatch(/<main id="main-content" class="app__main" tabindex="-1"><\/main>/);
  });
});

describe('the legal pages and the footer (D24)', () => {
  it('/privacy and /terms arrive rendered, from the settings’ seller, whose details every footer carries', async () => {
    const { seller } = server.app.config;
    const privacy = await page('/privacy');
    expect(privacy.statusCode).toBe(200);
    const notice = text(privacy.body);
    expect(notice).toContain('Kişisel Verilerin Korunması Hakkında Aydınlatma Metni');
    expect(notice).toContain('veri sorumlusu Mağaza');
    expect(notice).toContain(seller.name);
    expect(privacy.body).toContain('<title>Privacy Notice | Storefront</title>');

    const terms = text((await page('/terms')).body);
    expect(terms).toContain('Ön Bilgilendirme Formu');
    expect(terms).toContain('Mesafeli Satış Sözleşmesi');
    expect(terms).toContain(`MERSİS numarası: ${seller.mersis}`);

    // The footer of any page, the account pages' layout too; only the seller travels in their answers.
    for (const url of ['/', '/profile']) {
      const response = await page(url);
      expect(text(response.body)).toContain(`${seller.name} ${seller.address} Tax ID: ${seller.taxId} MERSİS: ${seller.mersis}`);
      const keys = (answersOf(response.body) as Array<[string, unknown]>).map(([key]) => key);
      expect(keys).toContain('getSeller []');
      expect(keys).not.toContain('getLegalTexts []');
    }
  });
});

describe('when the renderer fails', () => {
  let failing: TestServer;
  const render = vi.fn(() => Promise.reject(new Error('render failed')));

  beforeAll(async () => {
    failing = await build({ renderPage: render, env: { STATIC_DIR: staticDir } });
  });
  afterAll(() => failing.close());

  it('sends the page for the browser to render, and tries again on the next request', async () => {
    const response = await failing.request({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    await failing.request({ method: 'GET', url: '/' });
    expect(render).toHaveBeenCalledTimes(2);
  });
});
