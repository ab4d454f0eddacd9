import { NARROW_PICTURE_WIDTHS, narrowPictureUrl, STORED_PICTURE_WIDTH } from '../../domain/product-picture';

/**
 * How wide each kind of product picture is shown, in CSS pixels (the CSS of each view), so the
 * browser fetches the narrowest copy that is sharp on its screen (`sizes`).
 */
export const PICTURE_SIZES = {
  /** product-list-page.css: 200 px; on phones two columns across the page. */
  listThumb: '(max-width: 479px) 50vw, 200px',
  /** global.css --card-width. */
  card: '230px',
  /** cart-page.css .cart-item__media. */
  cartItem: '140px',
  /** checkout-page.css .checkout-page__thumbs columns (140 px or a little more). */
  checkoutThumb: '180px',
  /** product-gallery.css .product-gallery__thumb (64 px on phones). */
  galleryThumb: '80px',
} as const;

/** The attributes of an `<img>` showing a product picture `sizes` wide. */
export interface PictureSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * `src` is the stored picture; for the API's own pictures `srcSet` adds its narrower copies, so a
 * thumbnail costs a quarter of the bytes and decoding or less. Other links (the fakes' `data:`
 * pictures) are shown as they are.
 */
export function pictureSources(url: string, sizes: string): PictureSources {
  const narrow = NARROW_PICTURE_WIDTHS.map((width) => ({ width, url: narrowPictureUrl(url, width) }));
  if (narrow.some((copy) => copy.url === undefined)) return { src: url };
  const candidates = [...narrow, { width: STORED_PICTURE_WIDTH, url }].map((copy) => `${copy.url} ${copy.width}w`);
  return { src: url, srcSet: candidates.join(', '), sizes };
}
