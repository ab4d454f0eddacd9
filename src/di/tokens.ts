import type { ServiceIdentifier } from 'inversify';
import type { AccountGateway } from '../ports/account-gateway';
import type { AddressGateway } from '../ports/address-gateway';
import type { CartStorage } from '../ports/cart-storage';
import type { CatalogGateway } from '../ports/catalog-gateway';
import type { Clock } from '../ports/clock';
import type { ImageCropper } from '../ports/image-cropper';
import type { OrderGateway } from '../ports/order-gateway';
import type { PrivacyGateway } from '../ports/privacy-gateway';
import type { Realtime } from '../ports/realtime';
import type { RecentlyViewedStorage } from '../ports/recently-viewed-storage';
import type { ReferenceDataGateway } from '../ports/reference-data-gateway';
import type { SessionStorage } from '../ports/session-storage';
import type { StockAlertGateway } from '../ports/stock-alert-gateway';
import type { TokenDecoder } from '../ports/token-decoder';
import type { SessionLink } from './session-link';

/** The ports, one token each. Adapters for them come from an `AdapterSet` (real or fake). */
export const PORT = {
  catalog: Symbol.for('port.catalog') as ServiceIdentifier<CatalogGateway>,
  account: Symbol.for('port.account') as ServiceIdentifier<AccountGateway>,
  addresses: Symbol.for('port.addresses') as ServiceIdentifier<AddressGateway>,
  orders: Symbol.for('port.orders') as ServiceIdentifier<OrderGateway>,
  privacy: Symbol.for('port.privacy') as ServiceIdentifier<PrivacyGateway>,
  referenceData: Symbol.for('port.referenceData') as ServiceIdentifier<ReferenceDataGateway>,
  cartStorage: Symbol.for('port.cartStorage') as ServiceIdentifier<CartStorage>,
  recentlyViewed: Symbol.for('port.recentlyViewed') as ServiceIdentifier<RecentlyViewedStorage>,
  sessionStorage: Symbol.for('port.sessionStorage') as ServiceIdentifier<SessionStorage>,
  clock: Symbol.for('port.clock') as ServiceIdentifier<Clock>,
  tokenDecoder: Symbol.for('port.tokenDecoder') as ServiceIdentifier<TokenDecoder>,
  realtime: Symbol.for('port.realtime') as ServiceIdentifier<Realtime>,
  imageCropper: Symbol.for('port.imageCropper') as ServiceIdentifier<ImageCropper>,
  stockAlert: Symbol.for('port.stockAlert') as ServiceIdentifier<StockAlertGateway>,
} as const;

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
