import { ContainerModule } from 'inversify';
import { CartAvailabilityStore } from '../../stores/cart-availability-store';
import type { Feature } from '../features';
import { shared, tokens } from '../store-tokens';
import { PORT } from '../tokens';
import { CORE } from './core-module';

/** The cart page's own stores, bound when it loads (its `features`). */
export const CART = tokens('cart', {
  /** Whether the cart's lines can still be bought as they stand (D25). */
  availability: shared<CartAvailabilityStore>(),
});

export const cartModule = new ContainerModule(({ bind }) => {
  bind(CART.availability)
    .toResolvedValue((catalog, cart) => new CartAvailabilityStore(catalog, cart), [PORT.catalog, CORE.cart])
    .inSingletonScope();
});

export const cartFeature: Feature = { module: cartModule };
