import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { demoProducts } from '../../adapters/fake/demo-catalog';
import { failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import type { AdapterSet } from '../../di/tokens';
import { AsServerRendered } from '../hydration';
import { ProductPage } from './product-page';

const withGallery = demoProducts.find((product) => product.images.length === 3 && product.prodDescription)!;
const unpriced = demoProducts.find((product) => product.prodPrice === undefined)!;

const meta = {
  title: 'Screens/Product page',
  component: ProductPage,
  parameters: { route: `/product/${withGallery._id}`, path: '/product/:id' },
} satisfies Meta<typeof ProductPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const WithoutPrice: Story = { parameters: { route: `/product/${unpriced._id}` } };
export const Loading: Story = { parameters: { adapters: { catalog: pendingCatalogGateway() } } };
/** The shop's cropper (as every story has it), answering after `ms`. */
const croppingTakes =
  (ms: number) =>
  (base: AdapterSet): Partial<AdapterSet> => ({
    imageCropper: { crop: (url) => new Promise((resolve) => setTimeout(resolve, ms)).then(() => base.imageCropper.crop(url)) },
  });

/** The pictures the page shows now: the slides' and the thumbnails'. */
const pictures = (canvasElement: HTMLElement) =>
  within(canvasElement).queryAllByRole<HTMLImageElement>('img', { name: new RegExp(`^${withGallery.prodName} \\d$`) });

/**
 * While the pictures are being cropped (here a second and a bit), the gallery shows the product's own;
 * then the cropped ones, 66% as high as wide (SPEC 9), as the shop shows them.
 */
export const CroppingImages: Story = {
  parameters: { adapters: croppingTakes(1200) },
  play: async ({ canvasElement, step }) => {
    await step('the product’s own pictures while cropping', async () => {
      await waitFor(() => expect(pictures(canvasElement).length).toBeGreaterThan(0));
      for (const picture of pictures(canvasElement)) await expect(picture.src).toMatch(/^data:image\/svg\+xml/);
    });
    await step('the cropped pictures once done', async () => {
      await waitFor(() => expect(pictures(canvasElement).every((picture) => picture.src.startsWith('blob:'))).toBe(true), {
        timeout: 6000,
      });
      const slide = pictures(canvasElement).find((picture) => picture.closest('.product-gallery__slide'));
      await waitFor(() => expect(slide?.naturalWidth).toBeGreaterThan(0));
      await expect((slide?.naturalHeight ?? 0) / (slide?.naturalWidth ?? 1)).toBeCloseTo(0.66, 2);
    });
  },
};
/** As the server renders it (D17), until the page is hydrated: the gallery's frame with the first picture, where the slide will be. */
export const AsRenderedOnTheServer: Story = {
  decorators: [
    (Story) => (
      <AsServerRendered>
        <Story />
      </AsServerRendered>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const picture = await canvas.findByRole('img', { name: `${withGallery.prodName} 1` });
    await expect(picture).toHaveClass('gallery-frame__image');
    await expect(canvas.queryByRole('button', { name: 'Next image' })).toBeNull();
  },
};
export const Error: Story = { parameters: { adapters: { catalog: failingCatalogGateway('Network error') } } };
export const NotFound: Story = { parameters: { route: '/product/unknown-product' } };
export const Mobile: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
