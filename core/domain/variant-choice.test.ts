import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './email-address';
import type { Product, ProductVariant } from './product';
import { chooseValue, chosenStock, chosenVariant, closestVariant, isValueAvailable, variantImages } from './variant-choice';

const variant = (id: string, options: string[], stock: number, extra: Partial<ProductVariant> = {}): ProductVariant => ({
  _id: id,
  options,
  label: options.join(' / '),
  stock,
  ...extra,
});

// Beden S, M, L × Renk Siyah, Beyaz; L / Beyaz is not sold at all.
const product: Product = {
  _id: 'p',
  prodName: 'Basic Tişört',
  images: ['a.webp', 'b.webp', 'c.webp'],
  prodPrice: 12.5,
  prodStock: 9,
  prodOptions: [
    { name: 'Beden', values: ['S', 'M', 'L'] },
    { name: 'Renk', values: ['Siyah', 'Beyaz'] },
  ],
  prodVariants: [
    variant('s-black', ['S', 'Siyah'], 0),
    variant('s-white', ['S', 'Beyaz'], 4),
    variant('m-black', ['M', 'Siyah'], 0, { price: 13.5, images: ['b.webp'] }),
    variant('m-white', ['M', 'Beyaz'], 2),
    variant('l-black', ['L', 'Siyah'], 3),
  ],
};
const byId = (id: string) => product.prodVariants!.find((candidate) => candidate._id === id)!;

describe('chosenVariant', () => {
  it('is the variant the URL names', () => {
    expect(chosenVariant(product, 'm-black')?._id).toBe('m-black');
  });

  it('is the first in stock without one, or with an unknown id; the first when none is in stock', () => {
    expect(chosenVariant(product, null)?._id).toBe('s-white');
    expect(chosenVariant(product, 'nope')?._id).toBe('s-white');
    const soldOut = { prodVariants: product.prodVariants!.map((each) => ({ ...each, stock: 0 })) };
    expect(chosenVariant(soldOut)?._id).toBe('s-black');
  });

  it('is undefined for a product without variants', () => {
    expect(chosenVariant({}, 'x')).toBeUndefined();
  });
});

describe('chooseValue', () => {
  it('keeps the other choices when a variant has them, sold out or not', () => {
    expect(chooseValue(product, byId('s-white'), 0, 'M')?._id).toBe('m-white');
    expect(chooseValue(product, byId('m-white'), 1, 'Siyah')?._id).toBe('m-black');
  });

  it('moves the other choices to the closest variant with the chosen value when none has them, in stock first', () => {
    // No L / Beyaz: L / Siyah.
    expect(chooseValue(product, byId('s-white'), 0, 'L')?._id).toBe('l-black');
    // From nothing chosen: the first in stock with that value.
    expect(chooseValue(product, undefined, 1, 'Siyah')?._id).toBe('l-black');
  });
});

describe('closestVariant', () => {
  it('prefers more values in common over stock, and stock on a tie', () => {
    expect(closestVariant(product, ['S', 'Siyah'])?._id).toBe('s-black');
    expect(closestVariant(product, ['S', undefined])?._id).toBe('s-white');
    expect(closestVariant(product, ['X', 'Y'])?._id).toBe('s-white');
  });
});

describe('isValueAvailable', () => {
  it('says whether a variant with the value and the other current choices is in stock', () => {
    const current = byId('s-white');
    // Beden given Renk Beyaz: S and M in stock, L not sold in white.
    expect(['S', 'M', 'L'].map((value) => isValueAvailable(product, current, 0, value))).toEqual([true, true, false]);
    // Renk given Beden S: Siyah sold out.
    expect(['Siyah', 'Beyaz'].map((value) => isValueAvailable(product, current, 1, value))).toEqual([false, true]);
  });

  it('with nothing chosen, is whether any variant with the value is in stock', () => {
    expect(isValueAvailable(product, undefined, 1, 'Siyah')).toBe(true);
  });
});

describe('variantImages and chosenStock', () => {
  it("are the variant's own when it has them, else the product's", () => {
    expect(variantImages(product, byId('m-black'))).toEqual(['b.webp']);
    expect(variantImages(product, byId('s-white'))).toEqual(product.images);
    expect(variantImages(product, undefined)).toEqual(product.images);
    expect(chosenStock(product, byId('m-white'))).toBe(2);
    expect(chosenStock(product, undefined)).toBe(9);
    expect(chosenStock({}, undefined)).toBeUndefined();
  });
});

describe('isEmailAddress', () => {
  it('accepts an address and refuses text that is not one', () => {
    expect(isEmailAddress('ayse@example.com.tr')).toBe(true);
    for (const text of ['', 'ayse', 'ayse@', '@example.com', 'ayse@example', 'ay se@example.com', 'a@b@c.com', `${'a'.repeat(250)}@b.co`])
      expect(isEmailAddress(text)).toBe(false);
  });
});
