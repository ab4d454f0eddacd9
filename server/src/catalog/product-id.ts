import { createHash } from 'node:crypto';

/** A stable 24-hex-digit product id from a slug: reseeding and restarts keep every link valid. */
export function productIdFromSlug(slug: string): string {
  return createHash('sha1').update(`product:${slug}`).digest('hex').slice(0, 24);
}
