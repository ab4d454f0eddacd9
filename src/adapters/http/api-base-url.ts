/** What `apiBaseUrl` reads; injectable so the choice can be tested without a browser. */
export interface ApiBaseUrlSource {
  /** `VITE_API_URL` at build time, if set. */
  configured?: string | undefined;
  /** True when the page is served by the Vite dev server, which proxies /api, /images, /socket.io. */
  devServer: boolean;
  /** True when the reference API served the page itself (it marks the page with a meta tag). */
  servedByApi: boolean;
  location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'origin'>;
}

function currentSource(): ApiBaseUrlSource {
  return {
    configured: import.meta.env.VITE_API_URL as string | undefined,
    devServer: import.meta.env.DEV,
    servedByApi: document.querySelector('meta[name="storefront-api"]')?.getAttribute('content') === 'same-origin',
    location: window.location,
  };
}

/**
 * The API host the browser talks to (SPEC 7: port 5000 of the product's host).
 * 1. `VITE_API_URL` when set (a deployment where the API lives elsewhere).
 * 2. The page's own origin when the reference server served the page itself (`npm start`, on
 *    whatever `PORT`), when the page is on port 5000, or when the Vite dev server serves it (its
 *    proxy forwards the API on the same origin, so no CORS and no second port is needed).
 * 3. Otherwise (the shop hosted on its own) the page's host on port 5000.
 * No trailing slash.
 */
export function apiBaseUrl(source: ApiBaseUrlSource = currentSource()): string {
  const configured = source.configured?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  const { location } = source;
  if (source.servedByApi || source.devServer || location.port === '5000') return location.origin;
  return `${location.protocol}//${location.hostname}:5000`;
}
