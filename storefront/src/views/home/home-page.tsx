import { messages } from '../../texts/messages';
import { HOME_COLLECTIONS } from '../../stores/catalog/home-collections-store';
import { CATALOG } from '../../di/modules/catalog-module';
import { InTurn } from '../../shell/hydration';
import type { PageModule } from '../../shell/page-module';
import { ProductCarousel } from './product-carousel';

/** Home: the four carousels 'Yeni', 'Popüler', 'Sıradışı', 'İndirimli' (SPEC section 2, D3). */
export function HomePage() {
  return (
    <div className="page">
      <h1 className="visually-hidden">{messages.layout.shopName}</h1>
      {HOME_COLLECTIONS.map((collection, index) => (
        // Each carousel hydrates in a task of its own (D20).
        <InTurn key={collection}>
          <ProductCarousel collection={collection} title={messages.home.carouselTitles[collection]} first={index === 0} />
        </InTurn>
      ))}
    </div>
  );
}

export const homePage: PageModule = {
  Component: HomePage,
  prepare: async (container) => {
    const collections = container.get(CATALOG.homeCollections);
    await Promise.all(HOME_COLLECTIONS.map((collection) => collections.load(collection)));
  },
  head: () => ({ title: messages.head.shopTitle, description: messages.head.homeDescription }),
};
