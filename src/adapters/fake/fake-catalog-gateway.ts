import type { Category } from '../../domain/category';
import type { Product } from '../../domain/product';
import type { Result } from '../../domain/result';
import type { CatalogGateway, ProductQuery } from '../../ports/catalog-gateway';
import { type DemoProduct, demoCategories, demoProducts, toProduct } from './demo-catalog';
import { never } from './fake-delay';
import { type FakeGatewayOptions, SwitchableFake } from './fake-failure';

export interface FakeCatalogOptions extends FakeGatewayOptions {
  products?: DemoProduct[];
  categories?: Category[];
}

/** The catalogue calls answered from memory, the way the reference server answers them. */
export class FakeCatalogGateway extends SwitchableFake implements CatalogGateway {
  private readonly products: DemoProduct[];
  private readonly categories: Category[];
  /** Every query received, in order (tests check what a screen asked for). */
  readonly queries: ProductQuery[] = [];

  constructor(options: FakeCatalogOptions = {}) {
    super(options);
    this.products = options.products ?? demoProducts;
    this.categories = options.categories ?? demoCategories;
  }

  listProducts(query: ProductQuery): Promise<Result<Product[]>> {
    this.queries.push(query);
    return this.answer(() => {
      let selected = this.products;
      if ('allCategoryIds' in query) {
        const ids = new Set(query.allCategoryIds);
        selected = selected.filter((product) => ids.has(product.categoryId));
      } else if ('collection' in query) {
        const collection = query.collection;
        selected = selected.filter((product) => product.collections.includes(collection));
      }
      return { ok: true, status: 200, data: selected.map(toProduct) };
    });
  }

  getProduct(id: string): Promise<Result<Product>> {
    return this.answer<Product>(() => {
      const product = this.products.find((candidate) => candidate._id === id);
      if (!product) return { ok: false, status: 404, message: 'Product not found' };
      return { ok: true, status: 200, data: toProduct(product) };
    });
  }

  listCategories(): Promise<Result<Category[]>> {
    return this.answer(() => ({ ok: true, status: 200, data: this.categories.map((category) => ({ ...category })) }));
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
