import type { ImageCropper } from '@shop/core/ports/image-cropper';

/**
 * The canvas cropper (canvas-image-cropper.ts), loaded at its first use: only the product page
 * crops, so the first visit of every other page does not carry its code. Its code failing to
 * load gives the original URL (the picture shows uncropped, as for any cropping failure) and
 * the next crop tries again.
 */
export class LazyImageCropper implements ImageCropper {
  private cropper: Promise<ImageCropper> | undefined;

  constructor(
    private readonly load: () => Promise<ImageCropper> = () =>
      import('./canvas-image-cropper').then((module) => new module.CanvasImageCropper()),
  ) {}

  crop(url: string): Promise<string> {
    const cropper = (this.cropper ??= this.load());
    return cropper.then(
      (loaded) => loaded.crop(url),
      () => {
        if (this.cropper === cropper) this.cropper = undefined;
        return url;
      },
    );
  }
}
