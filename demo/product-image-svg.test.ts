import { describe, expect, it } from 'vitest';
import { renderProductImageSvg } from './product-image-svg';

describe('renderProductImageSvg', () => {
  it('escapes the product name so it cannot inject markup', () => {
    const svg = renderProductImageSvg({ productName: `<script>alert("x")</script> & 'co'`, categoryId: 7, position: 1 });
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(svg).toContain('&amp; &apos;co&apos;');
  });

  it('colours by category and shapes by position', () => {
    const base = { productName: 'Bakır Cezve', categoryId: 211, position: 1 };
    const otherCategory = renderProductImageSvg({ ...base, categoryId: 212 });
    const otherPosition = renderProductImageSvg({ ...base, position: 2 });
    const svg = renderProductImageSvg(base);
    expect(svg).toContain('<circle');
    expect(otherPosition).not.toContain('<circle');
    const fill = (text: string) => /<rect width="800" height="800" fill="([^"]+)"/.exec(text)?.[1];
    expect(fill(svg)).toBeDefined();
    expect(fill(otherCategory)).not.toBe(fill(svg));
    expect(fill(otherPosition)).toBe(fill(svg));
  });

  it('wraps a long name into at most three lines', () => {
    const svg = renderProductImageSvg({
      productName: 'Çok Uzun Bir Ürün Adı Olan Ve Asla Tek Satıra Sığmayacak Bir Ürün Adı Daha',
      categoryId: 1,
      position: 1,
    });
    expect(svg.match(/<tspan/g)).toHaveLength(3);
    expect(svg).toContain('…');
  });
});
