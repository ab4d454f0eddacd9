import { describe, expect, it, vi } from 'vitest';
import { CanvasImageCropper } from './canvas-image-cropper';
import { LazyImageCropper } from './lazy-image-cropper';

describe('LazyImageCropper', () => {
  it('loads the cropper at the first crop, once, and crops with it', async () => {
    const crop = vi.fn((url: string) => Promise.resolve(`${url}#cropped`));
    const load = vi.fn(() => Promise.resolve({ crop }));
    const cropper = new LazyImageCropper(load);
    expect(load).not.toHaveBeenCalled();
    await expect(Promise.all([cropper.crop('/a.webp'), cropper.crop('/b.webp')])).resolves.toEqual(['/a.webp#cropped', '/b.webp#cropped']);
    await expect(cropper.crop('/c.webp')).resolves.toBe('/c.webp#cropped');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the picture uncropped when the cropper cannot be loaded, and tries again at the next crop', async () => {
    const load = vi
      .fn<() => Promise<{ crop: (url: string) => Promise<string> }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ crop: (url) => Promise.resolve(`${url}#cropped`) });
    const cropper = new LazyImageCropper(load);
    await expect(cropper.crop('/a.webp')).resolves.toBe('/a.webp');
    await expect(cropper.crop('/a.webp')).resolves.toBe('/a.webp#cropped');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads the canvas cropper by default', async () => {
    const loaded = await new LazyImageCropper()['load']();
    expect(loaded).toBeInstanceOf(CanvasImageCropper);
  });
});
