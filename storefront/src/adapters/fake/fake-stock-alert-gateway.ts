import { emailKey, isEmailAddress } from '@shop/core/domain/email-address';
import { STOCK_ALERT_ACCEPTED, STOCK_ALERT_IN_STOCK } from '@shop/core/domain/stock-alert';
import { StockAlertHttpGateway } from '../http/stock-alert-http-gateway';
import { type DemoProduct, demoProducts } from './demo-catalog';
import { type FakeGatewayOptions, FakeServer, isServerId, refused, routes, succeeded, text } from './fake-server';

/** A request the fake server keeps: the product, its variant (if any) and the address. */
export interface FakeStockAlert {
  productId: string;
  variantId?: string;
  email: string;
}

/** The reference server's refusal of a request (api/src/catalog/stock-alerts.ts), or undefined when it keeps it. */
function refusal(products: readonly DemoProduct[], productId: string, variantId: string | undefined) {
  if (!isServerId(productId)) return refused(400, 'Invalid request. id: Product id must be 24 hex digits.');
  if (variantId !== undefined && !isServerId(variantId))
    return refused(400, 'Invalid request. variantId: Variant id must be 24 hex digits.');
  const product = products.find((candidate) => candidate._id === productId);
  if (!product) return refused(404, 'Product not found.');
  const variants = product.prodVariants ?? [];
  const variant = variants.find((candidate) => candidate._id === variantId);
  if (variantId !== undefined && !variant) {
    return refused(
      400,
      variants.length > 0 || product.prodOptions ? 'This variant is not one of the product’s.' : 'This product has no variants.',
    );
  }
  const stock = variant ? variant.stock : product.prodStock;
  return stock === undefined || stock > 0 ? refused(409, STOCK_ALERT_IN_STOCK) : undefined;
}

function stockAlertRoutes(kept: FakeStockAlert[], products: readonly DemoProduct[]) {
  return routes({
    'POST /api/product/:id/notify': ({ body }, [productId = '']) => {
      const email = text(body.email).trim();
      if (!isEmailAddress(email)) return refused(400, 'Invalid request. email: A valid email address is required.');
      const variantId = body.variantId === undefined ? undefined : text(body.variantId);
      const refusedAs = refusal(products, productId, variantId);
      if (refusedAs) return refusedAs;
      const same = (other: FakeStockAlert) =>
        other.productId === productId && other.variantId === variantId && emailKey(other.email) === emailKey(email);
      if (!kept.some(same)) kept.push(variantId === undefined ? { productId, email } : { productId, variantId, email });
      return succeeded({}, STOCK_ALERT_ACCEPTED, 202);
    },
  });
}

/**
 * The shop's StockAlertHttpGateway over a fake server answering as the reference server does,
 * against the demo catalogue's stock: each pending request kept once in `requests`.
 */
export class FakeStockAlertGateway extends StockAlertHttpGateway {
  readonly server: FakeServer;
  readonly requests: FakeStockAlert[];

  constructor(options: FakeGatewayOptions & { products?: readonly DemoProduct[] } = {}) {
    const requests: FakeStockAlert[] = [];
    const server = new FakeServer(stockAlertRoutes(requests, options.products ?? demoProducts), options);
    super(server.http);
    this.server = server;
    this.requests = requests;
  }
}
