import { describe, expect, it, vi } from 'vitest';
import { CROP_HEIGHT_RATIO, CanvasImageCropper, type CroppableImage, type CroppingCanvas, JPEG_QUALITY } from './canvas-image-cropper';

/** An image that "loads" with the given size as soon as its src is set (or fails). */
function stubImage(naturalWidth: number, naturalHeight: number, fails = false) {
  const image: CroppableImage & { srcSetAfterCrossOrigin?: boolean } = {
    crossOrigin: null,
    naturalWidth,
    naturalHeight,
    onload: null,
    onerror: null,
    get src() {
      return '';
    },
    set src(_value: string) {
      image.srcSetAfterCrossOrigin = image.crossOrigin === 'anonymous';
      queueMicrotask(() => {
        if (fails) (image.onerror as (() => void) | null)?.();
        else (image.onload as (() => void) | null)?.();
      });
    },
  };
  return image;
}

function stubCanvas(options: { context?: boolean; tainted?: boolean; encodes?: boolean } = {}) {
  const drawImage = vi.fn();
  const toBlob = vi.fn((callback: (blob: Blob | null) => void, type: string, quality: number) => {
    if (options.tainted) throw new DOMException('Tainted canvases may not be exported.', 'SecurityError');
    // Like a browser, the encoded picture arrives later, never during the call.
    setTimeout(() => callback(options.encodes === false ? null : new Blob([`${type};q=${quality}`], { type })), 0);
  });
  const canvas: CroppingCanvas = {
    width: 0,
    height: 0,
    getContext: () => (options.context === false ? null : { drawImage }),
    toBlob,
  };
  return { canvas, drawImage, toBlob };
}

/** blob: URLs as a browser makes them, remembering each blob. */
function objectUrls() {
  const blobs = new Map<string, Blob>();
  const createObjectUrl = (blob: Blob) => {
    const url = `blob:http://shop/${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  };
  return { blobs, createObjectUrl };
}

describe('CanvasImageCropper', () => {
  it('exports the SPEC constants', () => {
    expect(CROP_HEIGHT_RATIO).toBe(0.66);
    expect(JPEG_QUALITY).toBe(0.8);
  });

  it('crops to width x round(width * 0.66) from the vertical centre and encodes JPEG at 0.8 into a blob: URL', async () => {
    const image = stubImage(1001, 1000);
    const { canvas, drawImage, toBlob } = stubCanvas();
    const { blobs, createObjectUrl } = objectUrls();
    const cropper = new CanvasImageCropper({ createImage: () => image, createCanvas: () => canvas, createObjectUrl });

    const result = await cropper.crop('http://api/images/k.jpg');

    // round(1001 * 0.66) = round(660.66) = 661; (1000 - 661) / 2 = 169.5 -> 170
    expect([canvas.width, canvas.height]).toEqual([1001, 661]);
    expect(drawImage).toHaveBeenCalledWith(image, 0, 170, 1001, 661, 0, 0, 1001, 661);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.8);
    expect(result).toBe('blob:http://shop/1');
    const jpeg = blobs.get(result);
    expect(jpeg?.type).toBe('image/jpeg');
    expect(await jpeg?.text()).toBe('image/jpeg;q=0.8');
  });

  it('loads the image anonymously (crossOrigin set before src)', async () => {
    const image = stubImage(100, 100);
    await new CanvasImageCropper({ createImage: () => image, createCanvas: () => stubCanvas().canvas }).crop('http://api/a.jpg');
    expect(image.crossOrigin).toBe('anonymous');
    expect(image.srcSetAfterCrossOrigin).toBe(true);
  });

  it('keeps a picture flatter than the crop whole, at the top', async () => {
    const image = stubImage(200, 100);
    const { canvas, drawImage } = stubCanvas();
    await new CanvasImageCropper({ createImage: () => image, createCanvas: () => canvas }).crop('u');
    expect([canvas.width, canvas.height]).toEqual([200, 132]);
    expect(drawImage).toHaveBeenCalledWith(image, 0, 0, 200, 100, 0, 0, 200, 100);
  });

  it.each([
    ['the image fails to load', () => stubImage(100, 100, true), () => stubCanvas().canvas],
    ['the image has no size', () => stubImage(0, 0), () => stubCanvas().canvas],
    ['there is no 2D context', () => stubImage(100, 100), () => stubCanvas({ context: false }).canvas],
    ['the canvas is tainted', () => stubImage(100, 100), () => stubCanvas({ tainted: true }).canvas],
    ['the picture cannot be encoded', () => stubImage(100, 100), () => stubCanvas({ encodes: false }).canvas],
  ])('gives the original URL when %s', async (_name, createImage, createCanvas) => {
    const cropper = new CanvasImageCropper({ createImage, createCanvas, createObjectUrl: objectUrls().createObjectUrl });
    expect(await cropper.crop('http://api/images/k.jpg')).toBe('http://api/images/k.jpg');
  });
});
