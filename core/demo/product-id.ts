import { sha1 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * A stable 24-hex-digit product id from a slug: reseeding and restarts keep every link valid, and
 * the fakes show the ids the server gives. (The first 24 hex digits of SHA-1 of `product:<slug>`;
 * @noble/hashes because it is synchronous in the browser too, where the fakes run. Ids only.)
 */
export function productIdFromSlug(slug: string): string {
  return bytesToHex(sha1(utf8ToBytes(`product:${slug}`))).slice(0, 24);
}

/** A stable 24-hex-digit variant id from its product's slug and its option values (as productIdFromSlug). */
export function variantIdFromSlug(slug: string, optionValues: readonly string[]): string {
  return bytesToHex(sha1(utf8ToBytes(`variant:${slug}:${optionValues.join('/')}`))).slice(0, 24);
}
