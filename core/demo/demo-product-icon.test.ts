import { describe, expect, it } from 'vitest';
import { demoProductIcon } from './demo-product-icon';
import { productIdFromSlug } from './product-id';

describe('demoProductIcon', () => {
  it('gives a demo product its own icon, whatever category the server reports', () => {
    expect(demoProductIcon(productIdFromSlug('bakir-cezve'), 211)).toBe('coffee');
    expect(demoProductIcon(productIdFromSlug('klasik-gitar'), 0)).toBe('guitar');
  });

  it('gives another product its category’s icon, or a parcel', () => {
    expect(demoProductIcon('0123456789abcdef01234567', 211)).toBe('cooking-pot');
    expect(demoProductIcon('0123456789abcdef01234567', 999_999)).toBe('package');
  });
});
