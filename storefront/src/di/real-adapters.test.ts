import { describe, expect, it } from 'vitest';
import { AccountHttpGateway } from '../adapters/http/account-http-gateway';
import { CatalogHttpGateway } from '../adapters/http/catalog-http-gateway';
import { LazyImageCropper } from '../adapters/image/lazy-image-cropper';
import { SocketIoRealtime } from '../adapters/socket/socket-io-realtime';
import { LocalCartStorage } from '../adapters/storage/local-cart-storage';
import { LocalSessionStorage } from '../adapters/storage/local-session-storage';
import { createContainer } from './container';
import { createRealAdapters } from './real-adapters';
import { SessionLink } from './session-link';
import { PORT } from './tokens';

describe('createRealAdapters', () => {
  it('serves every port with a real adapter', () => {
    const adapters = createRealAdapters({ baseUrl: 'http://api.test:5000' });
    expect(Object.keys(adapters).sort()).toEqual([...Object.keys(PORT), 'sessionLink'].sort());
    expect(adapters.sessionLink).toBeInstanceOf(SessionLink);
    expect(adapters.catalog).toBeInstanceOf(CatalogHttpGateway);
    expect(adapters.account).toBeInstanceOf(AccountHttpGateway);
    expect(adapters.cartStorage).toBeInstanceOf(LocalCartStorage);
    expect(adapters.sessionStorage).toBeInstanceOf(LocalSessionStorage);
    expect(adapters.realtime).toBeInstanceOf(SocketIoRealtime);
    expect(adapters.imageCropper).toBeInstanceOf(LazyImageCropper);
    expect(adapters.clock.now()).toBeGreaterThan(0);
  });

  it('uses the browser storage for the cart', () => {
    const adapters = createRealAdapters({ baseUrl: 'http://api.test:5000' });
    adapters.cartStorage.save([{ _id: 'p0000000000000001', prodName: 'Cup', images: [], quantity: 1 }]);
    expect(localStorage.getItem('cartItems')).toContain('Cup');
  });

  it('reads stored server image paths against the API host, as the catalogue does (D15)', () => {
    localStorage.setItem(
      'cartItems',
      JSON.stringify([{ _id: 'p0000000000000001', prodName: 'Cup', prodImg1: '/images/products/cup.jpg', quantity: 1 }]),
    );
    const adapters = createRealAdapters({ baseUrl: 'http://api.test:5000' });
    expect(adapters.cartStorage.load()[0]?.images).toEqual(['http://api.test:5000/images/products/cup.jpg']);
  });

  it('builds the application container', () => {
    const container = createContainer(createRealAdapters());
    expect(container.get(PORT.catalog)).toBeInstanceOf(CatalogHttpGateway);
  });
});
