import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../texts/messages';
import { formatPrice } from '../../texts/money-format';
import type { Product } from '../../domain/product';
import { CORE } from '../../di/modules/core-module';
import { useService } from '../../di/react';
import { MagnifierImage } from '../shared/magnifier-image';
import './product-card.css';

/** How wide a card's picture is shown: global.css --card-width. */
const CARD_PICTURE_SIZES = '230px';

/**
 * A 230 px product card (SPEC section 2): the whole card opens the product; 'Add to Cart'
 * (shown on hover or focus, always on touch screens) adds it without opening it.
 */
export function ProductCard({ product, hidden = false, priority = false }: { product: Product; hidden?: boolean; priority?: boolean }) {
  const cart = useService(CORE.cart);
  const alerts = useService(CORE.alerts);

  const add = (event: MouseEvent) => {
    // The card around may listen for clicks too; this click must not reach it.
    event.stopPropagation();
    event.preventDefault();
    cart.add(product);
    alerts.show(messages.product.productAdded, 'success');
  };

  const image = product.images[0];
  return (
    <article className="product-card" aria-hidden={hidden || undefined} inert={hidden}>
      <Link className="product-card__link" to={`/product/${encodeURIComponent(product._id)}`}>
        <div className="product-card__media">
          {image ? (
            <MagnifierImage
              className="product-card__image"
              src={image}
              sizes={CARD_PICTURE_SIZES}
              alt={product.prodName}
              priority={priority}
            />
          ) : (
            <div className="product-card__placeholder" role="img" aria-label={product.prodName} />
          )}
        </div>
        <h3 className="product-card__name">{product.prodName}</h3>
        <p className="product-card__price">{formatPrice(product.prodPrice) ?? messages.product.priceUnavailable}</p>
      </Link>
      <button type="button" className="button button--primary product-card__add" onClick={add}>
        {messages.product.addToCart}
      </button>
    </article>
  );
}
