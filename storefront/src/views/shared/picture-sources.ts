import { isProductPicture, NARROW_PICTURE_WIDTHS, narrowPictureUrl, STORED_PICTURE_WIDTH } from '@shop/core/domain/product-picture';

/** The attributes of an `<img>` showing a product picture `sizes` wide. */
export interface PictureSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * `src` is the stored picture; for the API's own pictures `srcSet` adds its narrower copies, so a
 * thumbnail costs a quarter of the bytes and decoding or less. Other links (the fakes' `data:`
 * pictures) are shown as they are. `sizes` is how wide the view's CSS shows the picture (each
 * view says it beside its `<img>`): the browser fetches the narrowest copy sharp on its screen.
 */
export function pictureSources(url: string, sizes: string): PictureSources {
  if (!isProductPicture(url)) return { src: url };
  const narrow = NARROW_PICTURE_WIDTHS.map((width) => `${narrowPictureUrl(url, width)} ${width}w`);
  return { src: url, srcSet: [...narrow, `${url} ${STORED_PICTURE_WIDTH}w`].join(', '), sizes };
}
