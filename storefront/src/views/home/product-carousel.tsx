import { observer } from 'mobx-react-lite';
import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { CAROUSEL_PER_VIEW, lastIndex, nextIndex, previousIndex } from '@shop/core/domain/carousel-index';
import { messages } from '../../texts/messages';
import type { Collection, Product } from '@shop/core/domain/product';
import type { LoadState } from '../../stores/load-state';
import { CATALOG } from '../../di/modules/catalog-module';
import { useStore } from '../../di/react';
import { ProductCard } from '../catalog/product-card';
import { useHydrated } from '../../shell/hydration';
import { EmptyText, ErrorText, LoadingText } from '../shared/status-text';
import { useElementWidth } from '../shared/use-element-width';
import './product-carousel.css';

/** Card width plus the gap between cards (SPEC: 230 px cards). */
const CARD_WIDTH = 230;
const GAP = 16;

/**
 * Cards that fit the width, at most 4 (SPEC section 9). Narrow screens show fewer so a card is
 * never cut; before the first measurement (and in tests) the desktop rule holds.
 */
export function cardsPerView(width: number): number {
  if (width <= 0) return CAROUSEL_PER_VIEW;
  return Math.max(1, Math.min(CAROUSEL_PER_VIEW, Math.floor((width + GAP) / (CARD_WIDTH + GAP))));
}

/** One home carousel (D3): its own call, its own loading / error / loaded state. */
export const ProductCarousel = observer(function ProductCarousel({
  collection,
  title,
  first = false,
}: {
  collection: Collection;
  title: string;
  /** The top carousel: its first picture is the home page's largest, fetched first. */
  first?: boolean;
}) {
  const store = useStore(CATALOG.homeCollections);

  useEffect(() => {
    void store.load(collection);
  }, [store, collection]);

  return <ProductRow title={title} state={store.stateOf(collection)} first={first} />;
});

/**
 * A titled row of product cards that slides (the home carousels, a product page's related and
 * recently viewed products): loading, error and empty states in the room of one row of cards.
 */
export function ProductRow({
  title,
  state,
  first = false,
  className,
}: {
  title: string;
  state: LoadState<readonly Product[]>;
  /** The page's first row: its first picture is fetched first. */
  first?: boolean;
  className?: string;
}) {
  const hydrated = useHydrated();
  const headingId = useId();
  const viewportRef = useRef<HTMLDivElement>(null);
  const perView = cardsPerView(useElementWidth(viewportRef));
  const [index, setIndex] = useState(0);
  // The furthest the shopper has slid: the cards up to one view past it are in the page.
  const [reach, setReach] = useState(0);
  const slideTo = (next: number) => {
    setIndex(next);
    setReach((furthest) => Math.max(furthest, next));
  };

  const products = state.status === 'loaded' ? state.data : [];
  const start = Math.min(index, lastIndex(products.length, perView));
  const canSlide = products.length > perView;
  const held = hydrated ? Math.max(CAROUSEL_PER_VIEW, Math.max(reach, start) + 2 * perView) : CAROUSEL_PER_VIEW;

  return (
    <section className={className ? `carousel ${className}` : 'carousel'} aria-labelledby={headingId}>
      <div ref={viewportRef} className="carousel__viewport">
        {/* As wide as the cards below (the stylesheet's): the arrows end where the cards do. */}
        <div className="carousel__header">
          <h2 id={headingId} className="carousel__title">
            {title}
          </h2>
          {state.status === 'loaded' && products.length > 0 ? (
            <div className="carousel__controls">
              <SlideArrow
                label={messages.home.previous}
                glyph="‹"
                disabled={!canSlide}
                onClick={() => slideTo(previousIndex(start, products.length, perView))}
              />
              <SlideArrow
                label={messages.home.next}
                glyph="›"
                disabled={!canSlide}
                onClick={() => slideTo(nextIndex(start, products.length, perView))}
              />
            </div>
          ) : null}
        </div>
        {/* Exactly the visible cards (its width is the stylesheet's): no part of the next view peeks in. */}
        <div className="carousel__window">
          {state.status === 'loading' ? <LoadingText>{messages.home.loadingProducts}</LoadingText> : null}
          {state.status === 'error' ? <ErrorText>{messages.home.errorFetchingProducts(state.message)}</ErrorText> : null}
          {state.status === 'loaded' && products.length === 0 ? <EmptyText>{messages.catalog.noProducts}</EmptyText> : null}
          {products.length > 0 ? (
            // Moved only once the shopper slides: a page rendered on the server has no style attribute (its CSP allows none).
            <ul
              className="carousel__track"
              style={start > 0 ? ({ '--carousel-offset': `${-start * (CARD_WIDTH + GAP)}px` } as CSSProperties) : undefined}
            >
              {/* A server-rendered page has the widest view's cards (D17). Once it is hydrated, the cards up to one
                  view past the furthest the shopper has slid, and never fewer: the next view is there before it
                  slides in, and the rest join as the shopper goes, not all at once while the page becomes live
                  (D20). A phone's view is one card: its carousels have the next three already. */}
              {products.slice(0, held).map((product, position) => {
                const visible = position >= start && position < start + perView;
                return (
                  <li key={product._id} className="carousel__item">
                    <ProductCard product={product} hidden={!visible} priority={first && position === 0} />
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** A carousel's previous or next button: the arrow is seen, the label is what a screen reader says. */
function SlideArrow({ label, glyph, disabled, onClick }: { label: string; glyph: string; disabled: boolean; onClick: () => void }) {
  return (
    <button type="button" className="carousel__arrow" aria-label={label} disabled={disabled} onClick={onClick}>
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
}
