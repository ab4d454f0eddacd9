/** Worlds for stories and tests of the shop screens: a signed-in user, a filled cart. */
import type { CartItem } from '../../domain/cart-item';
import { demoProducts, toProduct } from '../../adapters/fake/demo-catalog';
import { MemoryCartStorage } from '../../adapters/fake/memory-cart-storage';
import { signedInSession } from '../../di/fake-adapters';
import { CORE } from '../../di/modules/core-module';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';

/** Story `setup`: the demo user is signed in. */
export function signIn(services: ServiceContainer, adapters: AdapterSet): void {
  signedInSession(adapters);
  services.get(CORE.session).start();
}

/** A cart with a few demo products (quantities 2, 1, 1). */
export function demoCart(count = 3): CartItem[] {
  return demoProducts
    .filter((product) => product.prodPrice !== undefined)
    .slice(0, count)
    .map((product, index) => ({ ...toProduct(product), quantity: index === 0 ? 2 : 1 }));
}

/** Story `adapters`: the browser remembers `items` as its cart. */
export function cartWith(items: CartItem[]): Partial<AdapterSet> {
  return { cartStorage: new MemoryCartStorage(items) };
}
