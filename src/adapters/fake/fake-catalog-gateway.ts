import type { Category } from '../../domain/category';
import type { ProductQuery } from '../../ports/catalog-gateway';
import { CatalogHttpGateway } from '../http/catalog-http-gateway';
import { type DemoProduct, demoCategories, demoProducts } from './demo-catalog';
import { never } from './fake-delay';
import { type FakeGatewayOptions, type FakeRoute, FakeServer, refused } from './fake-server';

export interface FakeCatalogOptions extends FakeGatewayOptions {
  products?: DemoProduct[];
  categories?: Category[];
}

/**
 * A product as the server writes it: images as prodImg1..N, an absent description or price left
 * out, no fake filter fields. The pictures stay data: URLs (demo/product-image-svg.ts), where the
 * server writes its image path.
 */
function wireProduct({ images, categoryId: _categoryId, collections: _collections, ...product }: DemoProduct): Record<string, unknown> {
  return { ...product, ...Object.fromEntries(images.map((url, index) => [`prodImg${index + 1}`, url])) };
}

/** The catalogue calls, answered from memory the way the reference server answers them. */
function catalogRoutes(products: readonly DemoProduct[], categories: readonly Category[], queries: ProductQuery[]): FakeRoute[] {
  return [
    [
      'POST',
      /^\/api\/product$/,
      ({ body }) => {
        const query = body as ProductQuery;
        queries.push(query);
        let selected = products;
        if ('allCategoryIds' in query) {
          const ids = new Set(query.allCategoryIds);
          selected = selected.filter((product) => ids.has(product.categoryId));
        } else if ('collection' in query) {
          const collection = query.collection;
          selected = selected.filter((product) => product.collections.includes(collection));
        }
        return { status: 200, body: selected.map(wireProduct) };
      },
    ],
    [
      'GET',
      /^\/api\/product\/([^/]+)$/,
      (_request, [id]) => {
        const product = products.find((candidate) => candidate._id === id);
        return product ? { status: 200, body: wireProduct(product) } : refused(404, 'Product not found');
      },
    ],
    // D11: the server answers either casing.
    ['GET', /^\/api\/category$/i, () => ({ status: 200, body: categories })],
  ];
}

/** The shop's CatalogHttpGateway over the fake catalogue server (the demo shop by default). */
export class FakeCatalogGateway extends CatalogHttpGateway {
  /** The fake API server answering this gateway; `server.failWith` switches it into a failure mode. */
  readonly server: FakeServer;
  /** Every product query received, in order (tests check what a screen asked for). */
  readonly queries: ProductQuery[];

  constructor(options: FakeCatalogOptions = {}) {
    const queries: ProductQuery[] = [];
    const server = new FakeServer(catalogRoutes(options.products ?? demoProducts, options.categories ?? demoCategories, queries), options);
    super(server.http);
    this.server = server;
    this.queries = queries;
  }
}

/** Every call stays pending: loading states. */
export function pendingCatalogGateway(): FakeCatalogGateway {
  return new FakeCatalogGateway({ delay: never });
}

/** Every call answers status 500 with `message`: error states. */
export function failingCatalogGateway(message: string): FakeCatalogGateway {
  return new FakeCatalogGateway({ failWith: { status: 500, message } });
}

/** No products, no categories: empty states. */
export function emptyCatalogGateway(): FakeCatalogGateway {
  return new FakeCatalogGateway({ products: [], categories: [] });
}
