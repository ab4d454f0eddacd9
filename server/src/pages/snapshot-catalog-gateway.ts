import type { Category } from '../../../src/domain/category';
import type { Outcome } from '../../../src/domain/outcome';
import type { Product } from '../../../src/domain/product';
import { searchWords } from '../../../src/domain/product-search';
import type { CatalogGateway, ProductPage, ProductPageQuery, ProductQuery } from '../../../src/ports/catalog-gateway';
import type { CatalogSnapshot, ProductFilter, ProductRecord } from '../catalog/catalog-snapshot';

/** The shape the catalogue API gives a product id (catalog-routes.ts). */
const PRODUCT_ID = /^[0-9a-f]{24}$/;

/**
 * The shop's catalogue port answered from one version of the read model, in process (D17: a
 * server render asks no HTTP of itself). Its answers are the ones the shop's HTTP gateway reads
 * off the catalogue API for the same calls (tests/integration/snapshot-catalog-gateway.test.ts compares them), with
 * picture paths as the API sends them: the page is on the API's own origin.
 */
export class SnapshotCatalogGateway implements CatalogGateway {
  constructor(private readonly snapshot: CatalogSnapshot) {}

  listProducts(query: ProductQuery): Promise<Outcome<Product[]>> {
    return ok(this.snapshot.listProducts(filterOf(query)).map(toProduct));
  }

  listProductPage({ filter, q, sort, limit, offset }: ProductPageQuery): Promise<Outcome<ProductPage>> {
    const words = searchWords(q ?? null);
    const page = this.snapshot.searchProducts(filterOf(filter ?? {}), {
      q: words.join(' '),
      sort: sort ?? (words.length > 0 ? 'relevance' : 'name'),
      offset,
      limit,
    });
    return ok({ products: page.items.map(toProduct), total: page.total });
  }

  getProduct(id: string): Promise<Outcome<Product>> {
    if (!PRODUCT_ID.test(id)) return refused('Invalid request. id: Product id must be 24 hex digits.');
    const product = this.snapshot.findProduct(id);
    return product ? ok(toProduct(product)) : refused('Product not found');
  }

  listCategories(): Promise<Outcome<Category[]>> {
    return ok(
      this.snapshot.categories.map(({ categoryId, name, parentCategoryId }) => ({ categoryId, categoryName: name, parentCategoryId })),
    );
  }
}

function filterOf(query: ProductQuery | NonNullable<ProductPageQuery['filter']>): ProductFilter {
  if ('collection' in query) return { collection: query.collection };
  if ('allCategoryIds' in query) return { categoryIds: [...new Set(query.allCategoryIds)].sort((a, b) => a - b) };
  return {};
}

function toProduct(record: ProductRecord): Product {
  const product: Product = { _id: record.id, prodName: record.name, images: [...record.images] };
  if (record.description !== null) product.prodDescription = record.description;
  if (record.price !== null) product.prodPrice = record.price;
  return product;
}

function ok<T>(data: T): Promise<Outcome<T>> {
  return Promise.resolve({ ok: true, data });
}

function refused(message: string): Promise<Outcome<never>> {
  return Promise.resolve({ ok: false, kind: 'rejected', message });
}
