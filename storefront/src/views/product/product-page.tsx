import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { MIN_QUANTITY } from '@shop/core/domain/cart';
import type { CartItem } from '@shop/core/domain/cart-item';
import { isAvailable, stockText, variantPrice } from '@shop/core/domain/stock';
import { chosenStock, chosenVariant, variantImages } from '@shop/core/domain/variant-choice';
import { messages } from '../../texts/messages';
import { formatPrice } from '../../texts/money-format';
import type { Product, ProductVariant } from '@shop/core/domain/product';
import { CATALOG_PAGES, catalogPagesFeature } from '../../di/modules/catalog-pages-module';
import { productSuggestionsFeature } from '../../di/modules/product-suggestions-module';
import { CORE } from '../../di/modules/core-module';
import { storeIn, useStore } from '../../di/react';
import { QuantityStepper } from '../shared/quantity-stepper';
import { ErrorText, LoadingText } from '../shared/status-text';
import { useHydrated } from '../../shell/hydration';
import type { PageModule } from '../../shell/page-module';
import { pictureSources } from '../shared/picture-sources';
import { ProductOptions, variantInForm } from './product-options';
import { StockAlertForm } from './stock-alert-form';
import { prepareSuggestions, ProductSuggestions } from './product-suggestions';
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
  const store = useStore(CATALOG_PAGES.productDetail, id);
  // The gallery's code runs in the browser only: the server's page shows its frame.
  const hydrated = useHydrated();
  // The chosen variant lives in the URL (?variant=<id>, D25): a server render shows it chosen.
  const [search, setSearch] = useSearchParams();
  const requested = search.get('variant');
  // Once the URL names a new choice (this page's or a link's), the URL is what shows.
  const shownRequest = useRef(requested);
  useEffect(() => {
    if (shownRequest.current === requested) return;
    shownRequest.current = requested;
    store.chooseVariant(undefined);
  }, [store, requested]);
  // A later visit shows what its own URL names.
  useEffect(() => () => store.chooseVariant(undefined), [store]);
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
  const variant = chosenVariant(product, store.chosenVariantId ?? requested);
  const images = store.picturesOf(variant);
  const choose = (next: ProductVariant) => {
    if (next._id === variant?._id) return;
    store.chooseVariant(next._id);
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('variant', next._id);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  // The gallery starts afresh on a variant with pictures of its own.
  const galleryKey = variant?.images?.length ? variant._id : '';
  return (
    <article className="page product-page">
      <div className="product-page__gallery">
        {images?.length === 0 ? null : images && hydrated ? (
          <Suspense fallback={<GalleryFrame images={images} name={product.prodName} />}>
            <ProductGallery key={galleryKey} images={images} name={product.prodName} thumbSizes={GALLERY_THUMB_SIZES} />
          </Suspense>
        ) : (
          <GalleryFrame images={images} count={variantImages(product, variant).length} name={product.prodName} />
        )}
      </div>
      <ProductInfo product={product} variant={variant} onChoose={choose} />
      <ProductSuggestions product={product} />
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

function ProductInfo({
  product,
  variant,
  onChoose,
}: {
  product: Product;
  variant: ProductVariant | undefined;
  onChoose: (variant: ProductVariant) => void;
}) {
  const cart = useStore(CORE.cart);
  const alerts = useStore(CORE.alerts);
  const [quantity, setQuantity] = useState(MIN_QUANTITY);
  const optionsForm = useRef<HTMLFormElement>(null);
  const stock = chosenStock(product, variant);
  const available = isAvailable(stock);
  const stockNote = stockText(stock);
  const add = () => {
    // What the radios show: a tap held before the page was live may come before the page has
    // taken up a size chosen meanwhile.
    const chosen = variantInForm(optionsForm.current, product, variant);
    // A sold-out choice is never added.
    if (!isAvailable(chosenStock(product, chosen))) return;
    const line: Omit<CartItem, 'quantity'> = chosen
      ? {
          ...product,
          prodPrice: variantPrice(product, chosen),
          images: variantImages(product, chosen),
          variantId: chosen._id,
          variantLabel: chosen.label,
        }
      : product;
    cart.add(line, quantity);
    alerts.show(messages.product.productAdded, 'success');
  };
  return (
    <div className="product-page__detail">
      <h1 className="product-page__name">{product.prodName}</h1>
      <p className="product-page__price">{messages.product.price(formatPrice(variantPrice(product, variant)))}</p>
      <ProductOptions product={product} variant={variant} onChoose={onChoose} form={optionsForm} />
      <p className={`product-page__stock${available ? '' : ' product-page__stock--out'}`} aria-live="polite">
        {stockNote}
      </p>
      <div className="product-page__buy">
        <QuantityStepper
          value={quantity}
          onDecrease={() => setQuantity((value) => Math.max(MIN_QUANTITY, value - 1))}
          onIncrease={() => setQuantity((value) => value + 1)}
        />
        <button type="button" className="button button--primary" disabled={!available} onClick={add}>
          {messages.product.addToCart}
        </button>
        {available ? null : <StockAlertForm key={variant?._id ?? ''} productId={product._id} variantId={variant?._id} />}
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
  features: [catalogPagesFeature, productSuggestionsFeature],
  prepare: async (container, { params }) => {
    const id = params.id ?? '';
    await Promise.all([storeIn(container, CATALOG_PAGES.productDetail, id).open(id), prepareSuggestions(container, id)]);
  },
  head: (container, { params }) => {
    const id = params.id ?? '';
    const state = storeIn(container, CATALOG_PAGES.productDetail, id).product;
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
