import sharp from 'sharp';

/** WebP at this quality keeps the demo pictures' flat colours and text clean at about 9 KB each. */
const WEBP_QUALITY = 80;

/**
 * A product picture (the demo's SVG drawing) as a WebP photo-like file. A browser draws an SVG
 * picture as a small document of its own, on the page's main thread (about 75 ms each on a
 * mid-range phone); a WebP is decoded off it, and the product page's gallery crops it without
 * drawing anything (docs/performance.md). Rasterised by libvips in its own threads, not on the
 * event loop.
 */
export function rasterisePicture(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY }).toBuffer();
}
