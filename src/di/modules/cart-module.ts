import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { CartAvailabilityStore } from '../../stores/cart-availability-store';
import { defineFeature } from '../features';
import { PORT } from '../tokens';
import { CORE } from './core-module';

/** The cart page's own stores, bound when it first asks (features.ts). */
export const CART = {
  /** Whether the cart's lines can still be bought as they stand (D25). */
  availability: Symbol.for('cart.availability') as ServiceIdentifier<CartAvailabilityStore>,
} as const;

export const cartModule = new ContainerModule(({ bind }) => {
  bind(CART.availability)
    .toResolvedValue((catalog, cart) => new CartAvailabilityStore(catalog, cart), [PORT.catalog, CORE.cart])
    .inSingletonScope();
});

export const cartFeature = defineFeature(CART, cartModule);
