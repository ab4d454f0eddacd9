import { makeAutoObservable, observableRef } from 'mobx';
import type { Product } from '../../domain/product';
import type { CatalogGateway } from '../../ports/catalog-gateway';
import type { ImageCropper } from '../../ports/image-cropper';
import { type LoadState, settle } from '../load-state';

/**
 * One product page: the product, then its images cropped client-side (SPEC: 66% height, JPEG
 * 0.8, through the ImageCropper port) for the gallery.
 */
export class ProductDetailStore {
  product: LoadState<Product> = { status: 'loading' };
  images: LoadState<string[]> = { status: 'loading' };

  private request = 0;

  constructor(
    private readonly catalog: CatalogGateway,
    private readonly cropper: ImageCropper,
  ) {
    makeAutoObservable<this, 'catalog' | 'cropper' | 'request'>(
      this,
      // Replaced, never mutated: the product stays a plain object (it goes into the cart).
      { product: observableRef, images: observableRef, catalog: false, cropper: false, request: false },
      { autoBind: true },
    );
  }

  async open(id: string): Promise<void> {
    const request = ++this.request;
    this.product = { status: 'loading' };
    this.images = { status: 'loading' };
    const product = await settle(this.catalog.getProduct(id));
    if (request !== this.request) return;
    this.setProduct(product);
    if (product.status !== 'loaded') return;
    const images = await this.crop(product.data.images);
    if (request === this.request) this.setImages({ status: 'loaded', data: images });
  }

  /** An image that cannot be cropped is shown as it is (the port's contract, enforced here too). */
  private crop(urls: readonly string[]): Promise<string[]> {
    return Promise.all(urls.map((url) => this.cropper.crop(url).catch(() => url)));
  }

  private setProduct(product: LoadState<Product>): void {
    this.product = product;
  }

  private setImages(images: LoadState<string[]>): void {
    this.images = images;
  }
}
