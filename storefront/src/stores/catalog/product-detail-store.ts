import { makeAutoObservable, observableRef } from 'mobx';
import type { Product, ProductVariant } from '@shop/core/domain/product';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';
import type { ImageCropper } from '@shop/core/ports/image-cropper';
import { type LoadState, settle } from '../load-state';

/**
 * One product page: the product, and the pictures its gallery shows: the product's own at first
 * (framed as the crop will cut them, so the server-rendered page shows them at once), then cropped
 * in the browser (SPEC: 66% height, JPEG 0.8, through the ImageCropper port).
 */
export class ProductDetailStore {
  product: LoadState<Product> = { status: 'loading' };
  images: LoadState<string[]> = { status: 'loading' };
  /**
   * The variant the shopper has just chosen (D25), until the URL (`?variant=`) says it: the page
   * shows this one meanwhile, so no render in between shows the previous choice.
   */
  chosenVariantId: string | undefined = undefined;

  private opened: { id: string; done: Promise<void> } | undefined;
  private croppedFor: string | undefined;

  constructor(
    private readonly catalog: CatalogGateway,
    private readonly cropper: ImageCropper,
  ) {
    makeAutoObservable<this, 'catalog' | 'cropper' | 'opened' | 'croppedFor'>(
      this,
      // Replaced, never mutated: the product stays a plain object (it goes into the cart).
      { product: observableRef, images: observableRef, catalog: false, cropper: false, opened: false, croppedFor: false },
      { autoBind: true },
    );
  }

  /**
   * Loads product `id`, unless this store holds it or is loading it already: the load before a
   * server render (or before hydrating one) and the page's own call share one request. A product
   * that failed to load is asked for again.
   */
  open(id: string): Promise<void> {
    if (this.opened?.id === id && this.product.status !== 'error') return this.opened.done;
    const opened: { id: string; done: Promise<void> } = { id, done: this.load(id, () => this.opened === opened) };
    this.opened = opened;
    return opened.done;
  }

  /**
   * The pictures the gallery shows for `variant` (D25: its own, else the product's), cropped as
   * far as the product's are; null while the product loads.
   */
  picturesOf(variant: ProductVariant | undefined): string[] | null {
    if (this.product.status !== 'loaded' || this.images.status !== 'loaded') return null;
    const { images } = this.product.data;
    const shown = this.images.data;
    if (!variant?.images?.length) return shown;
    // A variant's pictures are some of the product's (docs/products.md): their cropped copies.
    return variant.images.map((url) => shown[images.indexOf(url)] ?? url);
  }

  chooseVariant(id: string | undefined): void {
    this.chosenVariantId = id;
  }

  /** Crops the pictures of the product opened last, once (a browser's work: the page calls it once shown). */
  async cropImages(): Promise<void> {
    const opened = this.opened;
    if (!opened) return;
    await opened.done;
    if (this.opened !== opened || this.croppedFor === opened.id || this.product.status !== 'loaded') return;
    this.croppedFor = opened.id;
    const images = await this.crop(this.product.data.images);
    if (this.opened === opened) this.setImages({ status: 'loaded', data: images });
  }

  private async load(id: string, isCurrent: () => boolean): Promise<void> {
    this.product = { status: 'loading' };
    this.images = { status: 'loading' };
    const product = await settle(this.catalog.getProduct(id));
    if (!isCurrent()) return;
    this.setProduct(product);
    if (product.status === 'loaded') this.setImages({ status: 'loaded', data: product.data.images });
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
