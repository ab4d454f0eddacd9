import { describe, expect, it } from 'vitest';
import { markApi, pageShell } from './page-shell';

describe('markApi', () => {
  it('adds the same-origin marker at the top of the head, or after the doctype when there is no head', () => {
    expect(markApi('<!doctype html>\n<html><head><title>x</title></head></html>', 'same-origin')).toBe(
      '<!doctype html>\n<html><head>\n    <meta name="storefront-api" content="same-origin" /><title>x</title></head></html>',
    );
    expect(markApi('<!doctype html><title>x</title>', 'same-origin')).toBe(
      '<!doctype html><meta name="storefront-api" content="same-origin" /><title>x</title>',
    );
  });

  it('names an API elsewhere by its origin only: no path, query or credentials reach the page', () => {
    expect(markApi('<head></head>', new URL('https://user:secret@api.example.com:8443/v1?x="y"'))).toBe(
      '<head>\n    <meta name="storefront-api" content="https://api.example.com:8443" /></head>',
    );
  });
});

describe('pageShell', () => {
  const built =
    '<!doctype html><html><head><title>Storefront</title><meta name="description" content="Online shop" /></head><body><div id="root"></div></body></html>';

  it('puts a render into the marked page: its title and description (escaped), its HTML and its answers', () => {
    const shell = pageShell(built, 'same-origin');
    const html = shell.compose?.({
      html: '<p>Mugs</p>',
      head: { title: 'Mugs & <cups>', description: 'All "mugs"' },
      answers: '<script type="application/json" id="a">[]</script>',
      source: undefined,
    });
    expect(html).toContain('<meta name="storefront-api" content="same-origin" />');
    expect(html).toContain('<title>Mugs &#38; &#60;cups&#62;</title>');
    expect(html).toContain('<meta name="description" content="All &#34;mugs&#34;" />');
    expect(html).toContain('<div id="root"><p>Mugs</p></div><script type="application/json" id="a">[]</script>');
    expect(html).not.toContain('Online shop');
  });

  it('puts what the page tells search engines in the head, after its description, and nothing when it tells nothing', () => {
    const shell = pageShell(built, 'same-origin');
    const render = { html: '', head: { title: 'Mug', description: 'A mug' }, answers: '', source: undefined };
    const searchHead = '<link rel="canonical" href="https://shop.example/product/1" />';
    expect(shell.compose?.({ ...render, searchHead })).toContain(
      `<meta name="description" content="A mug" />\n    ${searchHead}\n  </head>`,
    );
    expect(shell.compose?.(render)).toContain('<meta name="description" content="A mug" />\n  </head>');
  });

  it("has nothing to compose into a page that is not the shop's build (no #root)", () => {
    const shell = pageShell('<html><head></head><body>Maintenance</body></html>', 'same-origin');
    expect(shell.compose).toBeUndefined();
    expect(shell.html).toContain('Maintenance');
  });
});
