import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoProducts, toProduct } from '../../adapters/fake/demo-catalog';
import { CORE } from '../../di/modules/core-module';
import type { Product } from '@shop/core/domain/product';
import { renderScreen } from '../../../../tests/support/render-screen';
import { ProductCard } from './product-card';

const plain = toProduct(demoProducts.find((product) => product.prodPrice !== undefined && !product.prodOptions)!);
const withOptions = toProduct(demoProducts.find((product) => product.prodOptions && (product.prodStock ?? 0) > 0)!);
// A card is made from a list's product: its options and stock, never its variants.
const { prodVariants: _variants, ...listed } = withOptions;

describe('ProductCard (D25)', () => {
  it("says 'Son N ürün' and adds a product without options", async () => {
    const { user, services } = await renderScreen(<ProductCard product={{ ...plain, prodStock: 3 }} />);
    expect(screen.getByText('Son 3 ürün')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(services.get(CORE.cart).items).toEqual([expect.objectContaining({ _id: plain._id, quantity: 1 })]);
  });

  it("says 'Stokta yok' and disables Add to Cart for a sold-out product; a tap adds nothing", async () => {
    const { user, services } = await renderScreen(<ProductCard product={{ ...plain, prodStock: 0 }} />);
    expect(screen.getByText('Stokta yok')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add to Cart' });
    expect(add).toBeDisabled();
    await user.click(add);
    expect(services.get(CORE.cart).items).toEqual([]);
  });

  it('opens the product page from Add to Cart for a product with options, where a size is chosen', async () => {
    const product: Product = { ...listed, prodStock: 40 };
    const { user, services } = await renderScreen(<ProductCard product={product} />);
    expect(screen.queryByText(/Stokta yok|Son \d+ ürün/)).toBeNull();
    const add = screen.getByRole('link', { name: 'Add to Cart' });
    expect(add).toHaveAttribute('href', `/product/${product._id}`);
    await user.click(add);
    expect(screen.getByTestId('location')).toHaveTextContent(`/product/${product._id}`);
    expect(services.get(CORE.cart).items).toEqual([]);
  });
});
