import { describe, expect, it } from 'vitest';
import type { Product } from '@shop/core/domain/product';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';
import { ProductDetailStore } from './product-detail-store';

describe('ProductDetailStore.picturesOf', () => {
  it("answers a variant's own pictures (cropped as the product's are), else the product's; null while loading", async () => {
    const product: Product = {
      _id: 'p',
      prodName: 'Tişört',
      images: ['a.png', 'b.png', 'c.png'],
      prodOptions: [{ name: 'Renk', values: ['Siyah', 'Beyaz'] }],
      prodVariants: [
        { _id: 'v1', options: ['Siyah'], label: 'Siyah', stock: 1 },
        { _id: 'v2', options: ['Beyaz'], label: 'Beyaz', stock: 1, images: ['c.png', 'a.png'] },
      ],
    };
    const catalog = { getProduct: async () => ({ ok: true as const, data: product }) } as unknown as CatalogGateway;
    const store = new ProductDetailStore(catalog, { crop: async (url) => `cropped:${url}` });
    expect(store.picturesOf(undefined)).toBeNull();
    await store.open('p');
    expect(store.picturesOf(product.prodVariants![1])).toEqual(['c.png', 'a.png']);
    await store.cropImages();
    expect(store.picturesOf(undefined)).toEqual(['cropped:a.png', 'cropped:b.png', 'cropped:c.png']);
    expect(store.picturesOf(product.prodVariants![0])).toEqual(['cropped:a.png', 'cropped:b.png', 'cropped:c.png']);
    expect(store.picturesOf(product.prodVariants![1])).toEqual(['cropped:c.png', 'cropped:a.png']);
  });
});
