import sharp from 'sharp';

/** WebP at this quality keeps the demo pictures' flat colours and text clean at about 9 KB each. */
const WEBP_QUALITY = 80;

/**
 * A product picture (the demo's SVG drawing) as a WebP photo-like file. A browser draws an SVG
 * picture as a small document of its own, on the page's main thread (about 75 ms each on a
 * mid-range phone); a WebP is decoded off it, and the product page's gallery crops it without
 * drawing anything (docs/performance.md). Rasterised by libvips in its own threads, not on the
 * event loop. With a width, scaled down to it (a thumbnail's copy: a quarter of the pixels to
 * fetch and decode at 400 px).
 */
export function rasterisePicture(svg: string, width?: number): Promise<Buffer> {
  const drawn = sharp(Buffer.from(svg));
  return (width ? drawn.resize({ width }) : drawn).webp({ quality: WEBP_QUALITY }).toBuffer();
}
