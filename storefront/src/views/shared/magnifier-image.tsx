import { type PointerEvent, useState } from 'react';
import { pictureSources } from './picture-sources';
import './magnifier-image.css';

/** SPEC section 9: a 150x150 lens at zoom 2. */
export const LENS_SIZE = 150;
export const LENS_ZOOM = 2;

interface Lens {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * An image with a hover magnifier lens (SPEC section 2). The lens is a background-positioned
 * copy of the image, decorative for assistive technology; it follows a mouse only, so a tap on
 * a phone simply opens the product.
 */
export function MagnifierImage({
  src,
  alt,
  sizes,
  className = '',
  priority = false,
}: {
  src: string;
  alt: string;
  /** How wide the picture is shown (`sizes`, pictureSources), to fetch a narrower copy; the lens shows the stored picture. */
  sizes: string;
  className?: string;
  /** The page's largest picture: fetched at once, with high priority, instead of lazily. */
  priority?: boolean;
}) {
  const [lens, setLens] = useState<Lens | null>(null);

  const follow = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'mouse') return;
    const rect = event.currentTarget.getBoundingClientRect();
    setLens({ x: event.clientX - rect.left, y: event.clientY - rect.top, width: rect.width, height: rect.height });
  };

  const half = LENS_SIZE / 2;
  return (
    <div className={`magnifier ${className}`} onPointerMove={follow} onPointerLeave={() => setLens(null)}>
      <img
        // `loading` before the sources: the browser's renderer (Preact) sets attributes in the order
        // written, and a picture given its source first is fetched at once, lazy or not.
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        className="magnifier__image"
        {...pictureSources(src, sizes)}
        alt={alt}
        draggable={false}
      />
      {lens ? (
        <div
          className="magnifier__lens"
          aria-hidden="true"
          data-testid="magnifier-lens"
          style={{
            width: LENS_SIZE,
            height: LENS_SIZE,
            left: lens.x - half,
            top: lens.y - half,
            backgroundImage: `url(${JSON.stringify(src)})`,
            backgroundSize: `${lens.width * LENS_ZOOM}px ${lens.height * LENS_ZOOM}px`,
            backgroundPosition: `${half - lens.x * LENS_ZOOM}px ${half - lens.y * LENS_ZOOM}px`,
          }}
        />
      ) : null}
    </div>
  );
}
