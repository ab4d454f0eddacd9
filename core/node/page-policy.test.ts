import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptSources } from './page-policy';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptSources', () => {
  it('allows each plain inline script by its hash, and nothing for scripts with a source or data elements', () => {
    const page = `<head><script>var a = 1;</script><script type="module" src="/assets/index.js"></script></head>
      <body><div id="root"></div><script type="application/json" id="shop-answers">[]</script><script>
b()</script></body>`;
    expect(inlineScriptSources(page)).toEqual([sha256('var a = 1;'), sha256('\nb()')]);
  });

  it('allows nothing when the page has no inline script', () => {
    expect(inlineScriptSources('<head><script type="module" src="/x.js"></script></head>')).toEqual([]);
  });
});
