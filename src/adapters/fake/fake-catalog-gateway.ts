import type { Category } from '../../domain/category';
import type { Product } from '../../domain/product';
import type { Result } from '../../domain/result';
import type { CatalogGateway, ProductQuery } from '../../ports/catalog-gateway';
import { type DemoProduct, demoCategories, demoProducts, toProduct } from './demo-catalog';
import { type FakeDelay, never } from './fake-delay';
import { type FakeFailure, failureResult } from './fake-failure';

export interface FakeCatalogOptions {
  products?: DemoProduct[];
  categories?: Category[];
  /** Awaited before every answer (see fake-delay.ts). */
  delay?: FakeDelay;
  failWith?: FakeFailure;
}

/** The catalogue calls answered from memory, the way the reference server answers them. */
export class FakeCatalogGateway implements CatalogGateway {
  private readonly products: DemoProduct[];
  private readonly categories: Category[];
  /** Every query received, in order (tests check what a screen asked for). */
  readonly queries: ProductQuery[] = [];

  constructor(private readonly options: FakeCatalogOptions = {}) {
    this.products = options.products ?? demoProducts;
    this.categories = options.categories ?? demoCategories;
  }

  async listProducts(query: ProductQuery): Promise<Result<Product[]>> {
    this.queries.push(query);
    await this.options.delay?.();
    if (this.options.failWith) return failureResult(this.options.failWith);
    let selected = this.products;
    if ('allCategoryIds' in query) {
      const ids = new Set(query.allCategoryIds);
      selected = selected.filter((product) => ids.has(product.categoryId));
    } else if ('collection' in query) {
      const collection = query.collection;
      selected = selected.filter((product) => product.collections.includes(collection));
    }
    return { ok: true, status: 200, data: selected.map(toProduct) };
  }

  async getProduct(id: string): Promise<Result<Product>> {
    await this.options.delay?.();
    if (this.options.failWith) return failureResult(this.options.failWith);
    const product = this.products.find((candidate) => candidate._id === id);
    if (!product) return { ok: false, status: 404, message: 'Product not found' };
    return { ok: true, status: 200, data: toProduct(product) };
  }

  async listCategories(): Promise<Result<Category[]>> {
    await this.options.delay?.();
    if (this.options.failWith) return failureResult(this.options.failWith);
    return { ok: true, status: 200, data: this.categories.map((category) => ({ ...category })) };
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
