import { Link } from 'react-router-dom';
import type { Product } from '../../domain/product';
import { messages } from '../../texts/messages';
import { formatPrice } from '../../texts/money-format';
import { pictureSources } from '../shared/picture-sources';
import './product-list-page.css';

/**
 * How wide a thumbnail's picture is shown (product-list-page.css): half a phone's width; else
 * 200 px and up to about 280 px, where a row shares its spare width.
 */
const THUMB_SIZES = '(max-width: 479px) 50vw, 280px';

/**
 * The grid of 200 px thumbnails of a category list and of the search results. `onOpen` runs
 * before the product opens (the category list alerts 'Product clicked!', SPEC section 2).
 */
export function ProductGrid({ products, onOpen }: { products: readonly Product[]; onOpen?: () => void }) {
  return (
    <ul className="product-list__grid">
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductThumbnail product={product} priority={index === 0} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

function ProductThumbnail({ product, priority, onOpen }: { product: Product; priority: boolean; onOpen?: () => void }) {
  const image = product.images[0];
  return (
    <Link className="product-thumb" to={`/product/${encodeURIComponent(product._id)}`} onClick={onOpen}>
      <div className="product-thumb__media">
        {image ? (
          <img
            {...pictureSources(image, THUMB_SIZES)}
            alt={product.prodName}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
          />
        ) : null}
      </div>
      <span className="product-thumb__name">{product.prodName}</span>
      <span className="product-thumb__price">{formatPrice(product.prodPrice) ?? messages.product.priceUnavailable}</span>
    </Link>
  );
}
