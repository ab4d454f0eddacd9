import { useState } from 'react';
import { Carousel } from 'react-responsive-carousel';
import 'react-responsive-carousel/lib/styles/carousel.min.css';
import { messages } from '../../texts/messages';
import { pictureSources } from '../shared/picture-sources';
import './product-gallery.css';

/** SPEC section 9: slide 1000 ms, interval 8000 ms, autoplay off, thumbnails left, 400 px high. */
export const GALLERY_TRANSITION_MS = 1000;
export const GALLERY_INTERVAL_MS = 8000;

/**
 * The product page gallery: bullets, infinite loop, no autoplay. The library can only draw its
 * thumbnails under the slide (as list items posing as buttons), so the thumbnails here are our
 * own buttons in a left column driving the carousel (below 480 px they go under the slide).
 * Loaded on demand with the product page, never with home. `thumbSizes`: how wide the page
 * shows a thumbnail's picture (its `sizes`).
 */
export function ProductGallery({ images, name, thumbSizes }: { images: string[]; name: string; thumbSizes: string }) {
  const [selected, setSelected] = useState(0);
  const label = (index: number) => `${messages.product.image} ${index + 1}`;
  return (
    <div className="product-gallery" role="group" aria-label={messages.product.gallery}>
      {images.length > 1 ? (
        <ul className="product-gallery__thumbs">
          {images.map((url, index) => (
            <li key={url + index}>
              <button
                type="button"
                className="product-gallery__thumb"
                aria-label={label(index)}
                aria-current={index === selected || undefined}
                onClick={() => setSelected(index)}
              >
                <img {...pictureSources(url, thumbSizes)} alt={`${name} ${index + 1}`} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Carousel
        className="product-gallery__slider"
        selectedItem={selected}
        onChange={setSelected}
        showThumbs={false}
        showIndicators={images.length > 1}
        showStatus={false}
        infiniteLoop
        autoPlay={false}
        transitionTime={GALLERY_TRANSITION_MS}
        interval={GALLERY_INTERVAL_MS}
        labels={{ leftArrow: messages.product.previousImage, rightArrow: messages.product.nextImage, item: messages.product.image }}
        renderIndicator={(onClick, isSelected, index) => (
          <li key={index} className="product-gallery__dot-item">
            <button
              type="button"
              className={`product-gallery__dot${isSelected ? ' product-gallery__dot--selected' : ''}`}
              aria-label={label(index)}
              aria-current={isSelected || undefined}
              onClick={onClick}
            />
          </li>
        )}
      >
        {images.map((url, index) => (
          <div key={url + index} className="product-gallery__slide">
            <img src={url} alt={`${name} ${index + 1}`} />
          </div>
        ))}
      </Carousel>
    </div>
  );
}
