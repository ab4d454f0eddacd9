import type { ImageCropper } from '@shop/core/ports/image-cropper';

/**
 * Records what it was asked to crop. Alone it hands every image back unchanged (no canvas in a
 * unit test); given the shop's own cropper (Storybook, the fake dev mode: a real browser), it
 * crops with it, so those show the pictures the shop shows.
 */
export class FakeImageCropper implements ImageCropper {
  readonly calls: string[] = [];

  constructor(private readonly cropper?: ImageCropper) {}

  crop(url: string): Promise<string> {
    this.calls.push(url);
    return this.cropper ? this.cropper.crop(url) : Promise.resolve(url);
  }
}
