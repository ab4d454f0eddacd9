import type { DemoProduct } from './demo-catalog';

/** A product sold as variants for the fakes' tests (D25): Basic Tişört in S and M, M at its own price. */
export function variantShirt(stock: { small: number; medium: number }): DemoProduct {
  return {
    _id: 'aa0000000000000000000001',
    prodName: 'Basic Tişört',
    prodPrice: 12.5,
    images: [],
    categoryId: 1,
    collections: [],
    prodStock: stock.small + stock.medium,
    prodOptions: [{ name: 'Beden', values: ['S', 'M'] }],
    prodVariants: [
      { _id: 'bb0000000000000000000001', options: ['S'], label: 'S', stock: stock.small },
      { _id: 'bb0000000000000000000002', options: ['M'], label: 'M', price: 13.5, stock: stock.medium },
    ],
  };
}
