import { SystemClock } from '../adapters/clock/system-clock';
import { AccountHttpGateway } from '../adapters/http/account-http-gateway';
import { AddressHttpGateway } from '../adapters/http/address-http-gateway';
import { apiBaseUrl } from '../adapters/http/api-base-url';
import { CatalogHttpGateway } from '../adapters/http/catalog-http-gateway';
import { HttpClient } from '../adapters/http/http-client';
import { OrderHttpGateway } from '../adapters/http/order-http-gateway';
import { PrivacyHttpGateway } from '../adapters/http/privacy-http-gateway';
import { ReferenceDataHttpGateway } from '../adapters/http/reference-data-http-gateway';
import { StockAlertHttpGateway } from '../adapters/http/stock-alert-http-gateway';
import { LazyImageCropper } from '../adapters/image/lazy-image-cropper';
import { JwtTokenDecoder } from '../adapters/jwt/jwt-token-decoder';
import type { CatalogAnswer } from '../adapters/server-render/catalog-answers';
import { PrimedCatalogGateway } from '../adapters/server-render/primed-catalog-gateway';
import { SocketIoRealtime } from '../adapters/socket/socket-io-realtime';
import { LocalCartStorage } from '../adapters/storage/local-cart-storage';
import { LocalRecentlyViewedStorage } from '../adapters/storage/local-recently-viewed-storage';
import { LocalSessionStorage } from '../adapters/storage/local-session-storage';
import { SessionLink } from './session-link';
import type { AdapterSet } from './tokens';

export interface RealAdapterOptions {
  /** The API host; default `apiBaseUrl()` (VITE_API_URL, else the page or its host on port 5000). */
  baseUrl?: string;
  /** The catalogue answers a server-rendered page carries (D17): answered once, without a request. */
  serverAnswers?: readonly CatalogAnswer[];
}

/** The browser's adapters: HTTP and socket to the API host, local storage, the system clock. */
export function createRealAdapters(options: RealAdapterOptions = {}): AdapterSet {
  const baseUrl = options.baseUrl ?? apiBaseUrl();
  const http = new HttpClient({ baseUrl });
  const sessionLink = new SessionLink();
  return {
    catalog: options.serverAnswers?.length
      ? new PrimedCatalogGateway(new CatalogHttpGateway(http), options.serverAnswers)
      : new CatalogHttpGateway(http),
    account: new AccountHttpGateway(http, sessionLink),
    addresses: new AddressHttpGateway(http, sessionLink),
    orders: new OrderHttpGateway(http, sessionLink),
    privacy: new PrivacyHttpGateway(http, sessionLink),
    referenceData: new ReferenceDataHttpGateway(http),
    cartStorage: new LocalCartStorage(undefined, http.baseUrl),
    recentlyViewed: new LocalRecentlyViewedStorage(),
    sessionStorage: new LocalSessionStorage(),
    clock: new SystemClock(),
    tokenDecoder: new JwtTokenDecoder(),
    realtime: new SocketIoRealtime({ baseUrl: http.baseUrl }),
    imageCropper: new LazyImageCropper(),
    stockAlert: new StockAlertHttpGateway(http),
    sessionLink,
  };
}
