import type { AccountGateway } from '@shop/core/ports/account-gateway';
import type { AddressGateway } from '@shop/core/ports/address-gateway';
import type { CartStorage } from '@shop/core/ports/cart-storage';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';
import type { Clock } from '@shop/core/ports/clock';
import type { ImageCropper } from '@shop/core/ports/image-cropper';
import type { OrderGateway } from '@shop/core/ports/order-gateway';
import type { PrivacyGateway } from '@shop/core/ports/privacy-gateway';
import type { Realtime } from '@shop/core/ports/realtime';
import type { RecentlyViewedStorage } from '@shop/core/ports/recently-viewed-storage';
import type { ReferenceDataGateway } from '@shop/core/ports/reference-data-gateway';
import type { SessionStorage } from '@shop/core/ports/session-storage';
import type { StockAlertGateway } from '@shop/core/ports/stock-alert-gateway';
import type { TokenDecoder } from '@shop/core/ports/token-decoder';
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
