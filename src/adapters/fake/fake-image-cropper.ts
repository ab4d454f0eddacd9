import type { ImageCropper } from '../../ports/image-cropper';

/** Hands every image back unchanged (no canvas needed) and records what it was asked to crop. */
export class FakeImageCropper implements ImageCropper {
  readonly calls: string[] = [];

  crop(url: string): Promise<string> {
    this.calls.push(url);
    return Promise.resolve(url);
  }
}
