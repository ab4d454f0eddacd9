import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../texts/messages';
import { formatPrice } from '../../texts/money-format';
import type { Product } from '@shop/core/domain/product';
import { hasVariants, isAvailable, stockText } from '@shop/core/domain/stock';
import { CORE } from '../../di/modules/core-module';
import { useStore } from '../../di/react';
import { MagnifierImage } from '../shared/magnifier-image';
import './product-card.css';

/** How wide a card's picture is shown: global.css --card-width. */
const CARD_PICTURE_SIZES = '230px';

/**
 * A 230 px product card (SPEC section 2): the whole card opens the product; 'Add to Cart'
 * (shown on hover or focus, always on touch screens) adds it without opening it. D25: the card
 * says 'Stokta yok' or 'Son N ürün'; a sold-out product's button is disabled, and a product with
 * options opens its page, where they are chosen.
 */
export function ProductCard({ product, hidden = false, priority = false }: { product: Product; hidden?: boolean; priority?: boolean }) {
  const cart = useStore(CORE.cart);
  const alerts = useStore(CORE.alerts);

  const add = (event: MouseEvent) => {
    // The card around may listen for clicks too; this click must not reach it.
    event.stopPropagation();
    event.preventDefault();
    cart.add(product);
    alerts.show(messages.product.productAdded, 'success');
  };

  const image = product.images[0];
  const href = `/product/${encodeURIComponent(product._id)}`;
  const stock = stockText(product.prodStock);
  const available = isAvailable(product.prodStock);
  return (
    <article className="product-card" aria-hidden={hidden || undefined} inert={hidden}>
      <Link className="product-card__link" to={href}>
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
        <p className="product-card__price">
          {formatPrice(product.prodPrice) ?? messages.product.priceUnavailable}
          {stock ? <span className={`product-card__stock${available ? '' : ' product-card__stock--out'}`}>{stock}</span> : null}
        </p>
      </Link>
      {available && hasVariants(product) ? (
        <Link className="button button--primary product-card__add" to={href}>
          {messages.product.addToCart}
        </Link>
      ) : (
        <button type="button" className="button button--primary product-card__add" disabled={!available} onClick={add}>
          {messages.product.addToCart}
        </button>
      )}
    </article>
  );
}
