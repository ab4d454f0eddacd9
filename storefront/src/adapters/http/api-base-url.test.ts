import { describe, expect, it } from 'vitest';
import { apiBaseUrl } from './api-base-url';

const at = (href: string) => {
  const url = new URL(href);
  return { protocol: url.protocol, hostname: url.hostname, port: url.port, origin: url.origin };
};

describe('apiBaseUrl', () => {
  it('uses VITE_API_URL when set, without a trailing slash', () => {
    expect(
      apiBaseUrl({ configured: 'https://api.shop.example/', devServer: true, servedByApi: false, location: at('http://localhost:5173/') }),
    ).toBe('https://api.shop.example');
  });

  it('uses port 5000 of the page host otherwise (SPEC 7)', () => {
    expect(apiBaseUrl({ configured: '', devServer: false, servedByApi: false, location: at('https://shop.example/cart') })).toBe(
      'https://shop.example:5000',
    );
    expect(apiBaseUrl({ devServer: false, servedByApi: false, location: at('http://10.0.0.7:8080/') })).toBe('http://10.0.0.7:5000');
  });

  it('uses the page origin when the page itself is served on port 5000', () => {
    expect(apiBaseUrl({ devServer: false, servedByApi: false, location: at('http://localhost:5000/product/1') })).toBe(
      'http://localhost:5000',
    );
  });

  it('uses the page origin under the Vite dev server, whose proxy forwards the API', () => {
    expect(apiBaseUrl({ devServer: true, servedByApi: false, location: at('http://localhost:5173/') })).toBe('http://localhost:5173');
  });

  it('uses the page origin when the reference server served the page, on any port', () => {
    expect(apiBaseUrl({ devServer: false, servedByApi: true, location: at('http://shop.example:8080/cart') })).toBe(
      'http://shop.example:8080',
    );
  });

  it('uses the API a storefront server names in the page, unless the build names one', () => {
    const page = { devServer: false, servedByApi: false, pageApi: 'https://api.shop.example', location: at('https://shop.example/') };
    expect(apiBaseUrl(page)).toBe('https://api.shop.example');
    expect(apiBaseUrl({ ...page, configured: 'https://other.example' })).toBe('https://other.example');
  });

  it('reads the current page, and its served-by-API marker, by default', () => {
    const meta = document.createElement('meta');
    meta.name = 'storefront-api';
    meta.content = 'same-origin';
    document.head.append(meta);
    try {
      expect(apiBaseUrl()).toBe(window.location.origin);
    } finally {
      meta.remove();
    }
  });

  it('reads the current page by default', () => {
    expect(apiBaseUrl()).toMatch(/^https?:\/\//);
  });

  it('reads an API named in the page by a storefront server', () => {
    const meta = document.createElement('meta');
    meta.name = 'storefront-api';
    meta.content = 'https://api.shop.example';
    document.head.append(meta);
    try {
      expect(apiBaseUrl()).toBe('https://api.shop.example');
    } finally {
      meta.remove();
    }
  });
});
