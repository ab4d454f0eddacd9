import type { AccountGateway } from '#core/ports/account-gateway';
import type { AddressGateway } from '#core/ports/address-gateway';
import type { CartStorage } from '#core/ports/cart-storage';
import type { CatalogGateway } from '#core/ports/catalog-gateway';
import type { Clock } from '#core/ports/clock';
import type { ImageCropper } from '#core/ports/image-cropper';
import type { OrderGateway } from '#core/ports/order-gateway';
import type { PrivacyGateway } from '#core/ports/privacy-gateway';
import type { Realtime } from '#core/ports/realtime';
import type { RecentlyViewedStorage } from '#core/ports/recently-viewed-storage';
import type { ReferenceDataGateway } from '#core/ports/reference-data-gateway';
import type { SessionStorage } from '#core/ports/session-storage';
import type { StockAlertGateway } from '#core/ports/stock-alert-gateway';
import type { TokenDecoder } from '#core/ports/token-decoder';
import type { SessionLink } from './session-link';
import { shared, tokens } from './store-tokens';

/** The ports, one token each. Adapters for them come from an `AdapterSet` (real or fake). */
export const PORT = tokens('port', {
  catalog: shared<CatalogGateway>(),
  account: shared<AccountGateway>(),
  addresses: shared<AddressGateway>(),
  orders: shared<OrderGateway>(),
  privacy: shared<PrivacyGateway>(),
  referenceData: shared<ReferenceDataGateway>(),
  cartStorage: shared<CartStorage>(),
  recentlyViewed: shared<RecentlyViewedStorage>(),
  sessionStorage: shared<SessionStorage>(),
  clock: shared<Clock>(),
  tokenDecoder: shared<TokenDecoder>(),
  realtime: shared<Realtime>(),
  imageCropper: shared<ImageCropper>(),
  stockAlert: shared<StockAlertGateway>(),
});

/** One adapter per port, and the link through which the HTTP adapters reach the session (no port of the stores). */
export interface AdapterSet {
  catalog: CatalogGateway;
  account: AccountGateway;
  addresses: AddressGateway;
  orders: OrderGateway;
  privacy: PrivacyGateway;
  referenceData: ReferenceDataGateway;
  cartStorage: CartStorage;
  recentlyViewed: RecentlyViewedStorage;
  sessionStorage: SessionStorage;
  clock: Clock;
  tokenDecoder: TokenDecoder;
  realtime: Realtime;
  imageCropper: ImageCropper;
  stockAlert: StockAlertGateway;
  sessionLink: SessionLink;
}
