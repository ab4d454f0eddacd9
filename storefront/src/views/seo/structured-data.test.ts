import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Product } from '@shop/core/domain/product';
import { availabilityOf, breadcrumbStructuredData, categoryCrumbs, productStructuredData } from './structured-data';

/**
 * schema-dts checks the documents against schema.org's types when they are built (tsc); these
 * check at run time what Google's rich results require of them on top (Product snippets and
 * merchant listings, Breadcrumb): a name, offers with a price, an ISO 4217 currency and one of
 * schema.org's availabilities, absolute URLs, and at least two breadcrumbs numbered from 1.
 */
const absolute = z.url({ protocol: /^https$/ });
const offerSchema = z.strictObject({
  '@type': z.literal('Offer'),
  name: z.string().min(1).optional(),
  sku: z.string().min(1).optional(),
  price: z.number().nonnegative(),
  priceCurrency: z.string().regex(/^[A-Z]{3}$/),
  availability: z.enum(['https://schema.org/InStock', 'https://schema.org/OutOfStock', 'https://schema.org/LimitedAvailability']),
  url: absolute,
});
const productSchema = z.strictObject({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Product'),
  name: z.string().min(1),
  url: absolute,
  sku: z.string().min(1),
  productID: z.string().min(1),
  image: z.array(absolute).min(1).optional(),
  description: z.string().min(1).optional(),
  offers: z.array(offerSchema).min(1).optional(),
});
const breadcrumbSchema = z.strictObject({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z
    .array(z.strictObject({ '@type': z.literal('ListItem'), position: z.int().min(1), name: z.string().min(1), item: absolute }))
    .min(2)
    .refine((items) => items.every((item, index) => item.position === index + 1), 'positions count from 1'),
});

/** The document as a crawler reads it (JSON), checked against Google's rules. */
function asRead<T>(schema: z.ZodType<T>, document: unknown): T {
  return schema.parse(JSON.parse(JSON.stringify(document)));
}

const ORIGIN = 'https://shop.example';
const ID = '0123456789abcdef01234567';
const tshirt: Product = {
  _id: ID,
  prodName: 'Basic Tişört',
  prodDescription: '  Pamuklu tişört.  ',
  prodPrice: 12.5,
  images: ['/images/products/0123456789abcdef01234567-1.webp', 'https://api.shop.example/images/products/x-2.webp'],
};

/** What every product's document names: itself. */
const NAMED = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Basic Tişört',
  url: `${ORIGIN}/product/${ID}`,
  sku: ID,
  productID: ID,
};

describe('productStructuredData', () => {
  it('names the product, its absolute pictures and id, and offers it once at its price, in stock when its stock is not tracked', () => {
    const data = asRead(productSchema, productStructuredData(tshirt, ORIGIN));
    expect(data).toEqual({
      ...NAMED,
      image: [`${ORIGIN}/images/products/0123456789abcdef01234567-1.webp`, 'https://api.shop.example/images/products/x-2.webp'],
      description: 'Pamuklu tişört.',
      offers: [
        { '@type': 'Offer', price: 12.5, priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: `${ORIGIN}/product/${ID}` },
      ],
    });
  });

  it.each([
    [0, 'https://schema.org/OutOfStock'],
    [1, 'https://schema.org/LimitedAvailability'],
    [3, 'https://schema.org/LimitedAvailability'],
    [4, 'https://schema.org/InStock'],
  ] as const)('says a stock of %i is %s, as the shop does (Stokta yok, Son N ürün)', (stock, availability) => {
    const data = asRead(productSchema, productStructuredData({ ...tshirt, prodStock: stock }, ORIGIN));
    expect(data.offers?.map((offer) => offer.availability)).toEqual([availability]);
    expect(availabilityOf(stock)).toBe(availability);
  });

  it('offers each variant at its own price (or the product’s), stock and address (?variant=)', () => {
    const product: Product = {
      ...tshirt,
      prodStock: 5,
      prodOptions: [{ name: 'Beden', values: ['S', 'M'] }],
      prodVariants: [
        { _id: 'a'.repeat(24), options: ['S'], label: 'S', stock: 0 },
        { _id: 'b'.repeat(24), options: ['M'], label: 'M', price: 13.5, stock: 2 },
        { _id: 'c'.repeat(24), options: ['L'], label: 'L', stock: 9 },
      ],
    };
    const data = asRead(productSchema, productStructuredData(product, ORIGIN));
    expect(data.url).toBe(`${ORIGIN}/product/${ID}`);
    expect(data.offers).toEqual([
      {
        '@type': 'Offer',
        name: 'S',
        sku: 'a'.repeat(24),
        price: 12.5,
        priceCurrency: 'USD',
        availability: 'https://schema.org/OutOfStock',
        url: `${ORIGIN}/product/${ID}?variant=${'a'.repeat(24)}`,
      },
      {
        '@type': 'Offer',
        name: 'M',
        sku: 'b'.repeat(24),
        price: 13.5,
        priceCurrency: 'USD',
        availability: 'https://schema.org/LimitedAvailability',
        url: `${ORIGIN}/product/${ID}?variant=${'b'.repeat(24)}`,
      },
      {
        '@type': 'Offer',
        name: 'L',
        sku: 'c'.repeat(24),
        price: 12.5,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: `${ORIGIN}/product/${ID}?variant=${'c'.repeat(24)}`,
      },
    ]);
  });

  it('offers nothing that has no price: no offer at all, or only the variants with a price of their own', () => {
    const { prodPrice: _price, ...priceless } = tshirt;
    const none = asRead(productSchema, productStructuredData({ ...priceless, prodDescription: ' ', images: [] }, ORIGIN));
    expect(none).toEqual(NAMED);
    const variants: Product = {
      ...priceless,
      prodOptions: [{ name: 'Renk', values: ['Siyah', 'Beyaz'] }],
      prodVariants: [
        { _id: 'a'.repeat(24), options: ['Siyah'], label: 'Siyah', stock: 4 },
        { _id: 'b'.repeat(24), options: ['Beyaz'], label: 'Beyaz', price: 20, stock: 4 },
      ],
    };
    const data = asRead(productSchema, productStructuredData(variants, ORIGIN));
    expect(data.offers?.map((offer) => [offer.name, offer.price])).toEqual([['Beyaz', 20]]);
  });
});

describe('breadcrumbs', () => {
  const categories = [
    { categoryId: 1, categoryName: 'Elektronik', parentCategoryId: null },
    { categoryId: 11, categoryName: 'Telefon', parentCategoryId: 1 },
    { categoryId: 111, categoryName: 'Kılıf & Kapak', parentCategoryId: 11 },
    // A cycle the server should never send: the walk stops where it repeats.
    { categoryId: 7, categoryName: 'Yedi', parentCategoryId: 8 },
    { categoryId: 8, categoryName: 'Sekiz', parentCategoryId: 7 },
  ];

  it('follow a category up to its top-level category, top first, as numbered ListItems with absolute addresses', () => {
    const crumbs = [{ name: 'Home', path: '/' }, ...categoryCrumbs(categories, 111)];
    expect(asRead(breadcrumbSchema, breadcrumbStructuredData(crumbs, ORIGIN)).itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Elektronik', item: `${ORIGIN}/productlist/1` },
      { '@type': 'ListItem', position: 3, name: 'Telefon', item: `${ORIGIN}/productlist/11` },
      { '@type': 'ListItem', position: 4, name: 'Kılıf & Kapak', item: `${ORIGIN}/productlist/111` },
    ]);
  });

  it('stop at a parent seen before, and know no unknown category', () => {
    expect(categoryCrumbs(categories, 7).map((crumb) => crumb.name)).toEqual(['Sekiz', 'Yedi']);
    expect(categoryCrumbs(categories, 999)).toEqual([]);
  });
});
