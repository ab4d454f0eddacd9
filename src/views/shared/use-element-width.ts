import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The element's content width, kept current with a ResizeObserver; 0 until measured (and where
 * nothing is laid out, as in tests). The first measurement happens before the browser paints, so
 * a layout that depends on it never shifts after its first frame.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
