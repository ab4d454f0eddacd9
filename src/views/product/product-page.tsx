import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { MIN_QUANTITY } from '../../domain/cart';
import { messages } from '../../texts/messages';
import { formatPrice } from '../../texts/money-format';
import type { Product } from '../../domain/product';
import { CATALOG_PAGES } from '../../di/modules/catalog-pages-module';
import { CORE } from '../../di/modules/core-module';
import { useService } from '../../di/react';
import { QuantityStepper } from '../shared/quantity-stepper';
import { ErrorText, LoadingText } from '../shared/status-text';
import { useHydrated } from '../hydration';
import type { PageModule } from '../page-module';
import { pictureSources } from '../shared/picture-sources';
import './product-gallery.css';
import './product-page.css';

/** How wide a gallery thumbnail's picture is shown (product-gallery.css: 80 px, 64 px on phones), in the frame and in the gallery. */
const GALLERY_THUMB_SIZES = '80px';

// The gallery and its carousel library load only when a product page shows (home stays light).
const ProductGallery = lazy(() => import('./product-gallery').then((module) => ({ default: module.ProductGallery })));

/** /product/{id}: a fresh page (and store) per product id. */
export function ProductPage() {
  const { id = '' } = useParams();
  return <ProductDetail key={id} id={id} />;
}

const ProductDetail = observer(function ProductDetail({ id }: { id: string }) {
  const store = useService(CATALOG_PAGES.productDetail).forKey(id);
  // The gallery's code runs in the browser only: the server's page shows its frame.
  const hydrated = useHydrated();
  useEffect(() => {
    // Cropping is the browser's work, once the page is on screen (the server shows the pictures as they are).
    void store.open(id).then(() => store.cropImages());
  }, [store, id]);

  const state = store.product;
  if (state.status === 'loading') {
    return (
      <section className="page">
        <LoadingText>{messages.product.loadingProduct}</LoadingText>
      </section>
    );
  }
  if (state.status === 'error') {
    return (
      <section className="page">
        <ErrorText>{messages.product.errorFetchingProduct(state.message)}</ErrorText>
      </section>
    );
  }
  const product = state.data;
  const images = store.images.status === 'loaded' ? store.images.data : null;
  return (
    <article className="page product-page">
      <div className="product-page__gallery">
        {images?.length === 0 ? null : images && hydrated ? (
          <Suspense fallback={<GalleryFrame images={images} name={product.prodName} />}>
            <ProductGallery images={images} name={product.prodName} thumbSizes={GALLERY_THUMB_SIZES} />
          </Suspense>
        ) : (
          <GalleryFrame images={images} count={product.images.length} name={product.prodName} />
        )}
      </div>
      <ProductInfo product={product} />
    </article>
  );
});

/**
 * The gallery's boxes before the gallery runs (a server-rendered page until it is hydrated, or
 * while the gallery's code loads): the thumbnails' column and the first picture where the slide
 * will show it, so nothing moves when the gallery takes over. Without `images` yet, their count
 * reserves the room and the loading text shows.
 */
function GalleryFrame({ images, count = images?.length ?? 0, name }: { images: readonly string[] | null; count?: number; name: string }) {
  const first = images?.[0];
  return (
    // The slide comes first in the page, the thumbnails after it (placed on its left by CSS): a
    // phone's browser may paint a page it has only partly read, and the thumbnails, shown under
    // the slide there, must not be painted on top and pushed down when the slide arrives.
    <div className="product-gallery product-gallery--frame">
      <div className="product-gallery__slider">
        <div className="gallery-frame">
          {first ? (
            <img className="gallery-frame__image" src={first} alt={`${name} 1`} fetchPriority="high" />
          ) : (
            <LoadingText>{messages.product.loadingImages}</LoadingText>
          )}
        </div>
      </div>
      {count > 1 ? (
        <ul className="product-gallery__thumbs" aria-hidden="true">
          {Array.from({ length: count }, (_, index) => (
            <li key={index}>
              <span className="product-gallery__thumb">
                {images?.[index] ? <img {...pictureSources(images[index], GALLERY_THUMB_SIZES)} alt="" /> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ProductInfo({ product }: { product: Product }) {
  const cart = useService(CORE.cart);
  const alerts = useService(CORE.alerts);
  const [quantity, setQuantity] = useState(MIN_QUANTITY);
  return (
    <div className="product-page__detail">
      <h1 className="product-page__name">{product.prodName}</h1>
      <p className="product-page__price">{messages.product.price(formatPrice(product.prodPrice))}</p>
      <div className="product-page__buy">
        <QuantityStepper
          value={quantity}
          onDecrease={() => setQuantity((value) => Math.max(MIN_QUANTITY, value - 1))}
          onIncrease={() => setQuantity((value) => value + 1)}
        />
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            cart.add(product, quantity);
            alerts.show(messages.product.productAdded, 'success');
          }}
        >
          {messages.product.addToCart}
        </button>
      </div>
      {product.prodDescription ? (
        <section className="product-page__description">
          <h2>{messages.product.description}</h2>
          {/* Text, never HTML: whatever the server sends is shown literally. */}
          <p data-testid="product-description">{product.prodDescription}</p>
        </section>
      ) : null}
    </div>
  );
}

/** A search result shows about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

export const productPage: PageModule = {
  Component: ProductPage,
  prepare: async (container, { params }) => {
    const id = params.id ?? '';
    await container.get(CATALOG_PAGES.productDetail).forKey(id).open(id);
  },
  head: (container, { params }) => {
    const id = params.id ?? '';
    const state = container.get(CATALOG_PAGES.productDetail).forKey(id).product;
    if (state.status !== 'loaded') {
      return {
        title: messages.head.pageTitle(state.status === 'error' ? messages.errors.notFound : messages.head.productTitleFallback),
        description: messages.head.shopDescription,
        ...(state.status === 'error' ? { status: 404 } : {}),
      };
    }
    const { prodName, prodDescription, prodPrice } = state.data;
    const text = prodDescription?.trim();
    return {
      title: messages.head.pageTitle(prodName),
      description:
        text && text.length > 0
          ? text.length > DESCRIPTION_LENGTH
            ? `${text.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`
            : text
          : messages.head.productDescription(prodName, messages.product.price(formatPrice(prodPrice))),
    };
  },
};
