/** Crops an image to a height of 66% of its width and re-encodes it as JPEG at quality 0.8. */
export interface ImageCropper {
  /** A URL (data: or blob:) of the cropped image; the original URL if it cannot be cropped. */
  crop(url: string): Promise<string>;
}
