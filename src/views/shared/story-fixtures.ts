/**
 * Worlds for stories of the shop screens: a signed-in user, a filled cart. Built through src/di
 * only (views never import adapters), so the cart's products are described here.
 */
import type { CartItem } from '../../domain/cart-item';
import { createFakeAdapters, signedInSession } from '../../di/fake-adapters';
import { CORE } from '../../di/modules/core-module';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';

/** Story `setup`: the demo user is signed in. */
export function signIn(services: ServiceContainer, adapters: AdapterSet): void {
  signedInSession(adapters);
  services.get(CORE.session).start();
}

function picture(name: string, colour: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">` +
    `<rect width="800" height="600" fill="${colour}"/>` +
    `<text x="400" y="310" font-family="sans-serif" font-size="52" font-weight="bold" fill="#fff" text-anchor="middle">${name}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const CART_PRODUCTS = [
  { _id: '64f1a2b3c4d5e6f7a8b9f001', prodName: 'Espresso Cups', prodPrice: 149.9, colour: '#8f3f2f' },
  { _id: '64f1a2b3c4d5e6f7a8b9f002', prodName: 'Desk Lamp', prodPrice: 329, colour: '#2f6f8f' },
  { _id: '64f1a2b3c4d5e6f7a8b9f003', prodName: 'Running Shoes', prodPrice: 1299, colour: '#3f8f4f' },
  { _id: '64f1a2b3c4d5e6f7a8b9f004', prodName: 'Travel Backpack', prodPrice: 1599, colour: '#6f4f9f' },
];

/** A cart of up to four products (quantities 2, 1, 1, ...), totalling well under free shipping. */
export function demoCart(count = 3): CartItem[] {
  return CART_PRODUCTS.slice(0, count).map(({ colour, ...product }, index) => ({
    ...product,
    prodDescription: `${product.prodName} from the demo shop.`,
    images: [picture(product.prodName, colour)],
    quantity: index === 0 ? 2 : 1,
  }));
}

/** Story `adapters`: the browser remembers `items` as its cart. */
export function cartWith(items: CartItem[]): Partial<AdapterSet> {
  return { cartStorage: createFakeAdapters({ seedCart: items }).cartStorage };
}
