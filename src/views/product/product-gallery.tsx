import { Carousel } from 'react-responsive-carousel';
import 'react-responsive-carousel/lib/styles/carousel.min.css';
import { messages } from '../../domain/messages';
import './product-gallery.css';

/** SPEC section 9: slide 1000 ms, interval 8000 ms, autoplay off, thumbnails left, 400 px high. */
export const GALLERY_TRANSITION_MS = 1000;
export const GALLERY_INTERVAL_MS = 8000;

/**
 * The product page gallery: bullets, infinite loop, no autoplay. The library draws thumbnails
 * under the slide only; product-gallery.css moves them to a left column (below 480 px they go
 * back under the slide). Loaded on demand with the product page, never with home.
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  return (
    <Carousel
      className="product-gallery"
      ariaLabel={messages.product.gallery}
      showThumbs
      showIndicators
      showStatus={false}
      infiniteLoop
      autoPlay={false}
      transitionTime={GALLERY_TRANSITION_MS}
      interval={GALLERY_INTERVAL_MS}
      thumbWidth={80}
      labels={{ leftArrow: messages.product.previousImage, rightArrow: messages.product.nextImage, item: messages.product.image }}
      renderThumbs={() =>
        images.map((url, index) => <img key={url + index} src={url} alt={`${name} ${index + 1}`} />)
      }
    >
      {images.map((url, index) => (
        <div key={url + index} className="product-gallery__slide">
          <img src={url} alt={`${name} ${index + 1}`} />
        </div>
      ))}
    </Carousel>
  );
}
