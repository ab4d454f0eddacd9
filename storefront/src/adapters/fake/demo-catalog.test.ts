import { describe, expect, it } from 'vitest';
import { demoCategories as serverCategories, demoProducts as serverProducts } from '@shop/core/demo/demo-catalog';
import { productIdFromSlug } from '@shop/core/demo/product-id';
import { renderProductImageSvg } from '@shop/core/demo/product-image-svg';
import { demoCategories, demoProducts } from './demo-catalog';

/** The fakes show the server's demo shop (core/demo/catalog.json): Storybook and fake mode match the real shop. */
describe('the fakes’ demo catalogue', () => {
  it('has the server’s categories, with the wire field names', () => {
    expect(demoCategories).toEqual(
      serverCategories
        .map((c) => ({ categoryId: c.categoryId, categoryName: c.name, parentCategoryId: c.parentCategoryId }))
        .sort((a, b) => a.categoryId - b.categoryId),
    );
    expect(demoCategories).toContainEqual({ categoryId: 111, categoryName: 'Dizüstü Bilgisayar', parentCategoryId: 11 });
  });

  it('has the server’s products under the ids the server gives', () => {
    expect(demoProducts).toHaveLength(serverProducts.length);
    // The id the reference server gives 'ultrabook-14' (its seed derives ids from slugs).
    expect(demoProducts.find((p) => p.prodName === 'Ultrabook 14 inç')).toMatchObject({
      _id: '9c4e18f1da1f9004594e9c97',
      prodPrice: 32999.9,
      categoryId: 111,
      collections: ['new', 'popular'],
    });
  });

  it('lists products in the server’s order: by name, Turkish collation', () => {
    const names = demoProducts.map((p) => p.prodName);
    expect(names).toEqual([...names].sort(new Intl.Collator('tr').compare));
    expect(names.indexOf('Çelik Tencere Seti 7 Parça')).toBeLessThan(names.indexOf('Dağ Bisikleti 29 Jant'));
  });

  it('leaves out an absent price or description, as the server does', () => {
    const unpriced = demoProducts.find((p) => p.prodName === 'Koleksiyonluk Cep Saati');
    expect(unpriced).toBeDefined();
    expect(unpriced).not.toHaveProperty('prodPrice');
    expect(demoProducts.find((p) => p.prodName === 'Bakır Cezve')).not.toHaveProperty('prodDescription');
  });

  it('shows the server’s pictures as data: URLs', () => {
    for (const source of serverProducts) {
      const product = demoProducts.find((p) => p._id === productIdFromSlug(source.slug))!;
      expect(product.images).toHaveLength(source.imageCount);
      product.images.forEach((image, position) => {
        expect(image.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
        const svg = decodeURIComponent(image.slice(image.indexOf(',') + 1));
        expect(svg).toBe(
          renderProductImageSvg({ productName: source.name, categoryId: source.categoryId, position: position + 1, icon: source.icon }),
        );
      });
    }
  });

  it('answers stock, options and variants as the server does (D25)', () => {
    const tshirt = demoProducts.find((p) => p.prodName === 'Basic Pamuklu Tişört')!;
    expect(tshirt.prodOptions).toEqual([
      { name: 'Beden', values: ['S', 'M', 'L', 'XL'] },
      { name: 'Renk', values: ['Siyah', 'Beyaz', 'Lacivert'] },
    ]);
    expect(tshirt.prodVariants).toHaveLength(12);
    expect(tshirt.prodStock).toBe(tshirt.prodVariants!.reduce((sum, v) => sum + v.stock, 0));
    const white = tshirt.prodVariants!.find((v) => v.label === 'M / Beyaz')!;
    expect(white).toMatchObject({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), options: ['M', 'Beyaz'], stock: 2 });
    expect(white).not.toHaveProperty('price');
    expect(white.images).toEqual([tshirt.images[1], tshirt.images[0]]);
    expect(tshirt.prodVariants!.find((v) => v.label === 'XL / Siyah')).toMatchObject({ price: 279 });
    expect(tshirt.prodVariants!.find((v) => v.label === 'S / Siyah')).not.toHaveProperty('images');
    expect(demoProducts.find((p) => p.prodName === "Bluetooth'lu Pikap")).toMatchObject({ prodStock: 0 });
    expect(demoProducts.find((p) => p.prodName === 'Ceviz Tavla Takımı')).toMatchObject({ prodStock: 2 });
    const untracked = demoProducts.find((p) => p.prodName === 'Bakır Cezve')!;
    for (const field of ['prodStock', 'prodOptions', 'prodVariants']) expect(untracked).not.toHaveProperty(field);
  });
});
