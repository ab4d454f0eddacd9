import { describe, expect, it } from 'vitest';
import { productIdFromSlug } from './product-id';

describe('productIdFromSlug', () => {
  it('keeps the ids the server has always given (links and carts survive)', () => {
    // Recorded from the node:crypto version before the id function became portable.
    expect(productIdFromSlug('ultrabook-14')).toBe('9c4e18f1da1f9004594e9c97');
    expect(productIdFromSlug('parasut-hamak')).toBe('410651959fd91998d6abf82a');
  });
});
