import { ContainerModule } from 'inversify';
import { PlaceOrderStore } from '../../stores/checkout/place-order-store';
import { OrderDetailStore } from '../../stores/orders/order-detail-store';
import { OrderListStore } from '../../stores/orders/order-list-store';
import type { Feature } from '../features';
import { shared, tokens } from '../store-tokens';
import { PORT } from '../tokens';
import { ADDRESS, addressFeature } from './address-module';
import { CORE } from './core-module';

/** Placing an order at checkout, the order list and one order (D19). */
export const ORDERS = tokens('orders', {
  place: shared<PlaceOrderStore>(),
  list: shared<OrderListStore>(),
  detail: shared<OrderDetailStore>(),
});

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random Idempotency-Key: 32 characters of A-Z a-z 0-9 (getRandomValues works on plain http too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => KEY_ALPHABET[byte % KEY_ALPHABET.length]).join('');
}

export const orderModule = new ContainerModule(({ bind }) => {
  bind(ORDERS.place)
    .toResolvedValue(
      (checkout, cart, gateway) => new PlaceOrderStore(checkout, cart, gateway, newIdempotencyKey),
      [ADDRESS.checkout, CORE.cart, PORT.orders],
    )
    .inSingletonScope();
  bind(ORDERS.list)
    .toResolvedValue((gateway) => new OrderListStore(gateway), [PORT.orders])
    .inSingletonScope();
  bind(ORDERS.detail)
    .toResolvedValue((gateway, alerts) => new OrderDetailStore(gateway, alerts), [PORT.orders, CORE.alerts])
    .inSingletonScope();
});

export const orderFeature: Feature = { module: orderModule, requires: [addressFeature] };
