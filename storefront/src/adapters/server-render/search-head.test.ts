import { describe, expect, it } from 'vitest';
import { searchHeadElements } from './search-head';

describe('searchHeadElements', () => {
  it('writes the canonical link and each JSON-LD document as data no text can break out of', () => {
    const document = { '@type': 'Product', name: '</script><script>alert(1)</script> <!-- \u2028' };
    const html = searchHeadElements({ canonical: 'https://shop.example/productlist/1?page=2&x="y"', structuredData: [document] });
    expect(html).toBe(
      '<link rel="canonical" href="https://shop.example/productlist/1?page=2&#38;x=&#34;y&#34;" />\n    ' +
        '<script type="application/ld+json">{"@type":"Product","name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script> \\u003c!-- \\u2028"}</script>',
    );
    const json = /<script type="application\/ld\+json">(.*)<\/script>$/s.exec(html)?.[1] ?? '';
    expect(json).not.toMatch(/<\/?script|<!--/i);
    expect(JSON.parse(json)).toEqual(document);
  });

  it('writes nothing for a page that tells search engines nothing', () => {
    expect(searchHeadElements({ structuredData: [] })).toBe('');
  });
});
