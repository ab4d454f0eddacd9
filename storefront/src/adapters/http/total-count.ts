import type { HttpResponse } from './http-client';

/** The answer header carrying how many items match in all (D18, D19); CORS exposes it. */
export const TOTAL_COUNT = 'x-total-count';

/**
 * The total of a paged answer: its X-Total-Count when that is a whole number that fits what the
 * answer shows (a page of `shown` items from `offset`; an empty page past the end fits any
 * total), else `offset + shown`: without a usable header the page is all there is, so a screen
 * offers no next page rather than inventing one.
 */
export function totalCount(response: HttpResponse, offset: number, shown: number): number {
  const header = response.headers?.[TOTAL_COUNT]?.trim() ?? '';
  const total = /^\d+$/.test(header) ? Number(header) : Number.NaN;
  const fits = Number.isSafeInteger(total) && (shown === 0 || total >= offset + shown);
  return fits ? total : offset + shown;
}
