import { type RefObject, startTransition, useEffect, useState } from 'react';

/**
 * The element's content width, kept current with a ResizeObserver; 0 until measured (and where
 * nothing is laid out, as in tests). Measured once the element is in the page, and passed on as a
 * transition: what depends on it (which carousel cards are in view) is not layout, which the
 * stylesheet decides alone, so the page need not wait for it; a hydrated page's first render
 * stays in slices instead of one long task.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measured = element.clientWidth;
    startTransition(() => setWidth(measured));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) startTransition(() => setWidth(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
