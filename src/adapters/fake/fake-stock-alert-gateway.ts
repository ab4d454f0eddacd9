import { isEmailAddress } from '../../domain/email-address';
import { StockAlertHttpGateway } from '../http/stock-alert-http-gateway';
import { type FakeGatewayOptions, type FakeRoute, FakeServer, refused, succeeded, text } from './fake-server';

/** What the fake answers a request it keeps. */
export const FAKE_STOCK_ALERT_MESSAGE = 'We will email you once it is back in stock.';

/** A request the fake server keeps: the product, its variant (if any) and the address. */
export interface FakeStockAlert {
  productId: string;
  variantId?: string;
  email: string;
}

function stockAlertRoutes(kept: FakeStockAlert[]): FakeRoute[] {
  return [
    [
      'POST',
      /^\/api\/product\/([^/]+)\/notify$/,
      ({ body }, [productId = '']) => {
        const email = text(body.email).trim();
        if (!isEmailAddress(email)) return refused(400, 'Invalid request. email: A valid email address is required.');
        const variantId = text(body.variantId);
        kept.push(variantId === '' ? { productId, email } : { productId, variantId, email });
        return succeeded({}, FAKE_STOCK_ALERT_MESSAGE, 202);
      },
    ],
  ];
}

/** The shop's StockAlertHttpGateway over a fake server that keeps every request in `requests`. */
export class FakeStockAlertGateway extends StockAlertHttpGateway {
  readonly server: FakeServer;
  readonly requests: FakeStockAlert[];

  constructor(options: FakeGatewayOptions = {}) {
    const requests: FakeStockAlert[] = [];
    const server = new FakeServer(stockAlertRoutes(requests), options);
    super(server.http);
    this.server = server;
    this.requests = requests;
  }
}
