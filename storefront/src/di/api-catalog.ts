import { CatalogHttpGateway } from '../adapters/http/catalog-http-gateway';
import { type Fetch, HttpClient } from '../adapters/http/http-client';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';

/**
 * The catalogue port over an API's HTTP, as the browser reaches it (the gateway the Pact
 * contracts drive), for a server that renders the shop in front of that API (D22). `baseUrl` is
 * the API as the browser sees it (empty: the page's own origin), so the pictures' addresses in a
 * rendered page are the browser's; `fetch` reaches the API from the server (and may keep answers).
 */
export function apiCatalogGateway(baseUrl: string, fetch: Fetch): CatalogGateway {
  return new CatalogHttpGateway(new HttpClient({ baseUrl, fetch }));
}
