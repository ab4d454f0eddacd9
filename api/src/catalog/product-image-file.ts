/** The formats a product picture is served in: WebP as stored since the pictures were rasterised, SVG for older links. */
export type PictureFormat = 'webp' | 'svg';

/** Image file names are `<productId>-<n>.webp` (or `.svg`); anything else is rejected before any lookup. */
const FILE_PATTERN = /^([0-9a-f]{24})-([1-9][0-9]?)\.(webp|svg)$/;

/** The URL path of a product's n-th image (1-based), as stored and sent to the client (D10). */
export function productImagePath(productId: string, position: number): string {
  return `/images/products/${productId}-${position}.webp`;
}

/** Parses a requested image file name; undefined for anything that is not exactly one of ours. */
export function parseProductImageFile(file: string): { productId: string; position: number; format: PictureFormat } | undefined {
  const match = FILE_PATTERN.exec(file);
  if (!match) return undefined;
  return { productId: match[1] as string, position: Number(match[2]), format: match[3] as PictureFormat };
}
