/**
 * Product pictures (D10) are served by the API host under `/images/products/`. The stored
 * picture is 800 px wide; the same link with `?w=200` or `?w=400` is a narrower copy for
 * thumbnails (docs/api.md). A host that does not know `w` answers the stored picture, which
 * still shows correctly, only heavier.
 */
export const STORED_PICTURE_WIDTH = 800;
export const NARROW_PICTURE_WIDTHS = [200, 400] as const;
export type NarrowPictureWidth = (typeof NARROW_PICTURE_WIDTHS)[number];

/**
 * A product picture's link on the API host: a path (or a URL on some host) under
 * /images/products/, with no query or fragment, and no space or comma (it goes into a srcset).
 */
const PRODUCT_PICTURE = /^(?:https?:\/\/[^/?#\s,]+)?\/images\/products\/[^/?#\s,]+$/;

/** Whether a link is one of the API's product pictures (not the demo fakes' `data:` pictures, not a link somewhere else). */
export function isProductPicture(url: string): boolean {
  return PRODUCT_PICTURE.test(url);
}

/** The link of a narrower copy of a product picture; undefined for anything that is not one of the API's. */
export function narrowPictureUrl(url: string, width: NarrowPictureWidth): string | undefined {
  return isProductPicture(url) ? `${url}?w=${width}` : undefined;
}
