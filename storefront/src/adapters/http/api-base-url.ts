/** What `apiBaseUrl` reads; injectable so the choice can be tested without a browser. */
export interface ApiBaseUrlSource {
  /** `VITE_API_URL` at build time, if set. */
  configured?: string | undefined;
  /** True when the page is served by the Vite dev server, which proxies /api, /images, /socket.io. */
  devServer: boolean;
  /** True when the server that sent the page answers the API on its own origin (it marks the page with a meta tag). */
  servedByApi: boolean;
  /** The API's origin, when the server that sent the page names one elsewhere (a storefront tier, D22). */
  pageApi?: string | undefined;
  location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'origin'>;
}

function currentSource(): ApiBaseUrlSource {
  const marker = document.querySelector('meta[name="storefront-api"]')?.getAttribute('content') ?? undefined;
  return {
    configured: import.meta.env.VITE_API_URL as string | undefined,
    devServer: import.meta.env.DEV,
    servedByApi: marker === 'same-origin',
    pageApi: marker !== undefined && /^https?:\/\//.test(marker) ? marker : undefined,
    location: window.location,
  };
}

/**
 * The API host the browser talks to (SPEC 7: port 5000 of the product's host).
 * 1. `VITE_API_URL` when set (a deployment where the API lives elsewhere).
 * 2. The API the page names, when a storefront server sent it and the browser calls the API directly (D22).
 * 3. The page's own origin when the reference server served the page itself (`npm start`, on
 *    whatever `PORT`), when the page is on port 5000, or when the Vite dev server serves it (its
 *    proxy forwards the API on the same origin, so no CORS and no second port is needed).
 * 4. Otherwise (the shop hosted on its own) the page's host on port 5000.
 * No trailing slash.
 */
export function apiBaseUrl(source: ApiBaseUrlSource = currentSource()): string {
  const configured = source.configured?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  if (source.pageApi) return source.pageApi.replace(/\/+$/, '');
  const { location } = source;
  if (source.servedByApi || source.devServer || location.port === '5000') return location.origin;
  return `${location.protocol}//${location.hostname}:5000`;
}
