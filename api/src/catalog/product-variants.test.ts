import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachablePostgres } from '../../../tests/support/reachable-postgres';
import type { ProductOption, ProductVariant } from '@shop/core/domain/product';
import { demoProducts, demoVariantsOf } from '@shop/core/demo/demo-catalog';
import { productIdFromSlug } from '@shop/core/demo/product-id';
import { build, type TestServer } from '../testing/test-server';
import { CatalogRepository } from './catalog-repository';
import { seedCatalog } from './seed-catalog';

/** Stock, options and variants (D25, docs/products.md) as the seed writes, the repository reads and the API answers them. */
const postgres = await reachablePostgres(process.env.TEST_DATABASE_URL);
const engines = [{ engine: 'pglite', url: null }, ...(postgres ? [{ engine: 'postgres', url: postgres }] : [])];

const TSHIRT = demoProducts.find((product) => product.slug === 'basic-pamuklu-tisort')!;
const TSHIRT_ID = productIdFromSlug(TSHIRT.slug);

type Wire = Record<string, unknown> & {
  _id: string;
  prodName: string;
  prodStock?: number;
  prodOptions?: ProductOption[];
  prodVariants?: ProductVariant[];
};

describe.each(engines)('products with variants on $engine', ({ url }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await build({ databaseUrl: url, seed: true });
  });
  afterAll(() => server.close());

  const getProduct = async (id: string) => {
    const response = await server.request({ method: 'GET', url: `/api/product/${id}` });
    expect(response.statusCode).toBe(200);
    return response.json<Wire>();
  };
  const list = async (body: object) => {
    const response = await server.request({ method: 'POST', url: '/api/product', payload: body });
    expect(response.statusCode).toBe(200);
    return response.json<Wire[]>();
  };

  it('answers a product with its stock (the variants’ sum), its options and every variant', async () => {
    const product = await getProduct(TSHIRT_ID);
    const variants = demoVariantsOf(TSHIRT);
    expect(product.prodOptions).toEqual([
      { name: 'Beden', values: ['S', 'M', 'L', 'XL'] },
      { name: 'Renk', values: ['Siyah', 'Beyaz', 'Lacivert'] },
    ]);
    expect(product.prodStock).toBe(variants.reduce((sum, variant) => sum + variant.stock, 0));
    expect(product.prodVariants!.map((variant) => [variant._id, variant.label, variant.stock])).toEqual(
      variants.map((variant) => [variant.id, variant.label, variant.stock]),
    );
    const byLabel = new Map(product.prodVariants!.map((variant) => [variant.label, variant]));
    // Its own price and pictures only when it has them: the pictures are the product's, in the variant's order.
    expect(byLabel.get('XL / Siyah')).toEqual({
      _id: expect.any(String),
      options: ['XL', 'Siyah'],
      label: 'XL / Siyah',
      price: 279,
      stock: 3,
    });
    expect(byLabel.get('M / Beyaz')).toEqual({
      _id: expect.any(String),
      options: ['M', 'Beyaz'],
      label: 'M / Beyaz',
      stock: 2,
      images: [product.prodImg2, product.prodImg1],
    });
    expect(product.prodPrice).toBe(249);
  });

  it('answers stock and options on lists, never the variants', async () => {
    const all = await list({ allCategoryIds: [312] });
    const paged = await list({ allCategoryIds: [312], limit: 50 });
    for (const products of [all, paged]) {
      const tshirt = products.find((product) => product._id === TSHIRT_ID)!;
      expect(tshirt.prodOptions?.map((option) => option.name)).toEqual(['Beden', 'Renk']);
      expect(tshirt.prodStock).toBeGreaterThan(0);
      expect(products.some((product) => 'prodVariants' in product)).toBe(false);
    }
  });

  it('answers the tracked stock of a product without variants, and nothing for an untracked one', async () => {
    expect((await getProduct(productIdFromSlug('bluetooth-pikap'))).prodStock).toBe(0);
    expect((await getProduct(productIdFromSlug('ceviz-tavla'))).prodStock).toBe(2);
    const untracked = await getProduct(productIdFromSlug('bakir-cezve'));
    for (const field of ['prodStock', 'prodOptions', 'prodVariants']) expect(untracked).not.toHaveProperty(field);
  });

  it('reads lists without variants, and one product with them when asked', async () => {
    const repository = new CatalogRepository(server.testDb.db);
    const ids = [TSHIRT_ID, productIdFromSlug('bakir-cezve')];
    const listed = await repository.findProducts(ids);
    expect(listed.get(TSHIRT_ID)?.variants).toBeUndefined();
    expect(listed.get(TSHIRT_ID)?.options).toHaveLength(2);
    const withVariants = await repository.findProducts(ids, { variants: true });
    expect(withVariants.get(TSHIRT_ID)?.variants).toHaveLength(12);
    expect(withVariants.get(ids[1]!)).toMatchObject({ stock: null, options: [], variants: [] });
  });

  it('notifies a change of stock, of options and of variants, each by name (migration 151)', async () => {
    const db = server.testDb.db;
    const heard: string[][] = [];
    const stop = await db.listen('catalog_changed', {
      onNotify: (payload) => {
        const change = JSON.parse(payload) as { products?: string[]; fields?: string[] };
        if (change.products?.includes(TSHIRT_ID) || change.products?.includes(productIdFromSlug('ceviz-tavla')))
          heard.push(change.fields ?? []);
      },
    });
    try {
      const [variant] = demoVariantsOf(TSHIRT);
      await db.query('UPDATE products SET stock = stock + 1 WHERE id = $1', [productIdFromSlug('ceviz-tavla')]);
      await expect.poll(() => heard.flat(), { timeout: 2000, interval: 5 }).toContain('stock');
      heard.length = 0;
      await db.query('UPDATE product_variants SET price = 300 WHERE id = $1', [variant!.id]);
      await expect.poll(() => heard, { timeout: 2000, interval: 5 }).toContainEqual(['variants']);
      heard.length = 0;
      await db.query(`UPDATE product_options SET name = 'Beden' WHERE product_id = $1 AND position = 1`, [TSHIRT_ID]);
      await expect.poll(() => heard, { timeout: 2000, interval: 5 }).toContainEqual(['options']);
    } finally {
      await stop();
    }
  });

  it('keeps the stock orders took when the catalogue is seeded again, and restores what else was edited', async () => {
    const db = server.testDb.db;
    const [variant] = demoVariantsOf(TSHIRT);
    const tavla = productIdFromSlug('ceviz-tavla');
    await db.query('UPDATE product_variants SET stock = 0, price = 1 WHERE id = $1', [variant!.id]);
    await db.query('UPDATE products SET stock = 1 WHERE id = $1', [tavla]);
    await db.query(`UPDATE product_options SET option_values = '{S}' WHERE product_id = $1`, [TSHIRT_ID]);
    await seedCatalog(db);
    const { rows } = await db.query<{ stock: number; price: number | null }>(
      'SELECT stock, price::float8 AS price FROM product_variants WHERE id = $1',
      [variant!.id],
    );
    expect(rows[0]).toEqual({ stock: 0, price: null });
    const stock = async (id: string) =>
      (await db.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [id])).rows[0]?.stock;
    expect(await stock(tavla)).toBe(1);
    expect(await stock(TSHIRT_ID)).toBe(demoVariantsOf(TSHIRT).reduce((sum, v) => sum + v.stock, 0) - variant!.stock);
    const { rows: options } = await db.query<{ option_values: string[] }>(
      'SELECT option_values FROM product_options WHERE product_id = $1 ORDER BY position',
      [TSHIRT_ID],
    );
    expect(options.map((option) => option.option_values)).toEqual([
      ['S', 'M', 'L', 'XL'],
      ['Siyah', 'Beyaz', 'Lacivert'],
    ]);
    const { rows: counts } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM product_variants');
    expect(counts[0]?.n).toBe(demoProducts.flatMap(demoVariantsOf).length);
  });
});
