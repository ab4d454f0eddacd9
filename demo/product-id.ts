import { sha1Hex } from './sha1';

/**
 * A stable 24-hex-digit product id from a slug: reseeding and restarts keep every link valid, and
 * the fakes show the ids the server gives. (The first 24 hex digits of SHA-1 of `product:<slug>`.)
 */
export function productIdFromSlug(slug: string): string {
  return sha1Hex(`product:${slug}`).slice(0, 24);
}
