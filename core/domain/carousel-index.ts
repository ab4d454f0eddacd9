/** Products visible at once in a home carousel (SPEC section 8). */
export const CAROUSEL_PER_VIEW = 4;

/** The last start index that still fills a whole view; 0 when the list fits in one view. */
export function lastIndex(length: number, perView = CAROUSEL_PER_VIEW): number {
  const size = Number.isFinite(length) ? Math.floor(length) : 0;
  const view = Number.isFinite(perView) ? Math.max(1, Math.floor(perView)) : 1;
  return Math.max(0, size - view);
}

/** Keeps a stale index (e.g. after the list shrank) inside [0, last]. */
function clamp(index: number, last: number): number {
  if (!Number.isFinite(index)) return 0;
  return Math.min(last, Math.max(0, Math.floor(index)));
}

/** +1, wrapping to 0 after the last position (SPEC section 4, Carousel). */
export function nextIndex(index: number, length: number, perView = CAROUSEL_PER_VIEW): number {
  const last = lastIndex(length, perView);
  const current = clamp(index, last);
  return current >= last ? 0 : current + 1;
}

/** -1, wrapping from 0 to the last position. */
export function previousIndex(index: number, length: number, perView = CAROUSEL_PER_VIEW): number {
  const last = lastIndex(length, perView);
  const current = clamp(index, last);
  return current <= 0 ? last : current - 1;
}
