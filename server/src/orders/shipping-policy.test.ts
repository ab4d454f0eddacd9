import { describe, expect, it } from 'vitest';
import * as shop from '../../../src/domain/shipping';
import { shippingFeeCents } from './shipping-policy';

describe('the server charges the shipping fee the shop shows (D1)', () => {
  it.each([0.01, 1, 19999.99, 20000, 20000.01, 20001, 1_000_000])('charges the same fee for a product total of %s', (total) => {
    expect(shippingFeeCents(Math.round(total * 100)) / 100).toBe(shop.shippingFee(total));
  });
});
