import { messages } from '../../texts/messages';
import { HOME_COLLECTIONS } from '../../stores/catalog/home-collections-store';
import { ProductCarousel } from './product-carousel';

/** Home: the four carousels 'Yeni', 'Popüler', 'Sıradışı', 'İndirimli' (SPEC section 2, D3). */
export function HomePage() {
  return (
    <div className="page">
      <h1 className="visually-hidden">{messages.layout.shopName}</h1>
      {HOME_COLLECTIONS.map((collection, index) => (
        <ProductCarousel key={collection} collection={collection} title={messages.home.carouselTitles[collection]} first={index === 0} />
      ))}
    </div>
  );
}
