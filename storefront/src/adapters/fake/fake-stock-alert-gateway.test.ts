import { describe, expect, it } from 'vitest';
import { STOCK_ALERT_ACCEPTED, STOCK_ALERT_IN_STOCK } from '@shop/core/domain/stock-alert';
import type { DemoProduct } from './demo-catalog';
import { FakeStockAlertGateway } from './fake-stock-alert-gateway';
import { variantShirt } from './variant-product-fixture';

const shirt = variantShirt({ small: 0, medium: 2 });
const lamp: DemoProduct = { _id: 'aa0000000000000000000002', prodName: 'Lamba', images: [], categoryId: 1, collections: [] };

describe('FakeStockAlertGateway', () => {
  it('keeps a request for a sold-out variant once, and refuses what is in stock or unknown as the server does', async () => {
    const gateway = new FakeStockAlertGateway({ products: [shirt, lamp] });
    const small = { productId: shirt._id, variantId: 'bb0000000000000000000001', email: 'ada@example.com' };
    expect(await gateway.notifyWhenInStock(small)).toEqual({ ok: true, data: STOCK_ALERT_ACCEPTED, message: STOCK_ALERT_ACCEPTED });
    expect(await gateway.notifyWhenInStock({ ...small, email: 'ADA@example.com' })).toMatchObject({ ok: true });
    expect(gateway.requests).toEqual([small]);

    const inStock = { ok: false, kind: 'rejected', message: STOCK_ALERT_IN_STOCK };
    expect(await gateway.notifyWhenInStock({ ...small, variantId: 'bb0000000000000000000002' })).toEqual(inStock);
    expect(await gateway.notifyWhenInStock({ productId: lamp._id, email: 'ada@example.com' })).toEqual(inStock);
    expect(await gateway.notifyWhenInStock({ productId: 'cc0000000000000000000001', email: 'ada@example.com' })).toEqual({
      ok: false,
      kind: 'rejected',
      message: 'Product not found.',
    });
    expect(gateway.requests).toHaveLength(1);
  });
});
