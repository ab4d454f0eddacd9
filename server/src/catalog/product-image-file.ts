/** Image file names are `<productId>-<n>.svg`; anything else is rejected before any lookup. */
const FILE_PATTERN = /^([0-9a-f]{24})-([1-9][0-9]?)\.svg$/;

/** The URL path of a product's n-th image (1-based), as stored and sent to the client (D10). */
export function productImagePath(productId: string, position: number): string {
  return `/images/products/${productId}-${position}.svg`;
}

/** Parses a requested image file name; undefined for anything that is not exactly one of ours. */
export function parseProductImageFile(file: string): { productId: string; position: number } | undefined {
  const match = FILE_PATTERN.exec(file);
  if (!match) return undefined;
  return { productId: match[1] as string, position: Number(match[2]) };
}
