import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAROUSEL_PER_VIEW, lastIndex, nextIndex, previousIndex } from './carousel-index';

describe('carousel index (4 per view)', () => {
  it('shows 4 products per view', () => {
    expect(CAROUSEL_PER_VIEW).toBe(4);
  });

  it.each([
    { index: 0, length: 10, next: 1, previous: 6 },
    { index: 3, length: 10, next: 4, previous: 2 },
    { index: 5, length: 10, next: 6, previous: 4 },
    { index: 6, length: 10, next: 0, previous: 5 },
    { index: 0, length: 5, next: 1, previous: 1 },
    { index: 1, length: 5, next: 0, previous: 0 },
    { index: 0, length: 4, next: 0, previous: 0 },
    { index: 0, length: 2, next: 0, previous: 0 },
    { index: 0, length: 0, next: 0, previous: 0 },
    { index: 3, length: 3, next: 0, previous: 0 },
    { name: 'stale index past the end is clamped', index: 9, length: 6, next: 0, previous: 1 },
    { name: 'negative index is clamped', index: -3, length: 10, next: 1, previous: 6 },
    { name: 'NaN index counts as 0', index: Number.NaN, length: 10, next: 1, previous: 6 },
    { name: 'fraction is floored', index: 2.7, length: 10, next: 3, previous: 1 },
  ])('index $index of $length -> next $next, previous $previous', ({ index, length, next, previous }) => {
    expect(nextIndex(index, length)).toBe(next);
    expect(previousIndex(index, length)).toBe(previous);
  });

  it('honours another view size', () => {
    expect(nextIndex(2, 5, 3)).toBe(0);
    expect(previousIndex(0, 5, 3)).toBe(2);
    expect(lastIndex(5, 0)).toBe(4);
  });
});

describe('carousel index invariants', () => {
  const lengths = fc.integer({ min: 0, max: 60 });
  const perViews = fc.integer({ min: 1, max: 8 });

  it('results stay within [0, max(0, length - perView)] for any index', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), lengths, perViews, (index, length, perView) => {
        const max = Math.max(0, length - perView);
        for (const result of [nextIndex(index, length, perView), previousIndex(index, length, perView)]) {
          expect(result).toBeGreaterThanOrEqual(0);
          expect(result).toBeLessThanOrEqual(max);
        }
      }),
    );
  });

  it('next and previous are inverse on every valid position', () => {
    fc.assert(
      fc.property(lengths, perViews, fc.nat(), (length, perView, seed) => {
        const index = seed % (lastIndex(length, perView) + 1);
        expect(previousIndex(nextIndex(index, length, perView), length, perView)).toBe(index);
        expect(nextIndex(previousIndex(index, length, perView), length, perView)).toBe(index);
      }),
    );
  });

  it('stepping next (last + 1) times visits every position and returns to the start', () => {
    fc.assert(
      fc.property(lengths, (length) => {
        const steps = lastIndex(length) + 1;
        const seen = new Set<number>();
        let index = 0;
        for (let i = 0; i < steps; i += 1) {
          seen.add(index);
          index = nextIndex(index, length);
        }
        expect(index).toBe(0);
        expect(seen.size).toBe(steps);
      }),
    );
  });
});
