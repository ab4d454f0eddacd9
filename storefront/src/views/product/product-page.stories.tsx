import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DEMO_USER_EMAIL } from '../../adapters/fake/demo-account';
import { demoProducts } from '../../adapters/fake/demo-catalog';
import { failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { FakeStockAlertGateway } from '../../adapters/fake/fake-stock-alert-gateway';
import { STOCK_ALERT_ACCEPTED } from '@shop/core/domain/stock-alert';
import { signedInSession } from '../../adapters/fake/fake-world';
import { CORE } from '../../di/modules/core-module';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';
import { asServerRendered } from '../../../../.storybook/fixtures/server-rendered';
import { ProductPage } from './product-page';
import { lowStock, ownPrice, soldOut, variantRoute, withVariants } from '../../../../.storybook/fixtures/variant-product';

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
  decorators: [asServerRendered],
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

// D25: the demo shop's product with sizes and colours.
const variants = withVariants.prodVariants!;
const lastOne = lowStock;

/** The demo shopper signed in: 'Haber ver' starts with their address. */
function signedIn(services: ServiceContainer, adapters: AdapterSet): void {
  signedInSession(adapters);
  services.get(CORE.session).start();
}

const radioOf = (canvasElement: HTMLElement, option: string, value: string) =>
  within(within(canvasElement).getByRole('group', { name: option })).getByRole('radio', {
    name: new RegExp(`^${value}( \\(Stokta yok\\))?$`),
  });

/** D25: sizes and colours as radio groups, the first variant in stock chosen. */
export const WithVariants: Story = {
  parameters: { route: variantRoute() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: withVariants.prodName });
    const first = variants.find((variant) => variant.stock > 0)!;
    for (const [index, option] of withVariants.prodOptions!.entries())
      await expect(radioOf(canvasElement, option.name, first.options[index]!)).toBeChecked();
  },
};

/** Choosing a size and a colour: the price and the stock text follow the variant. */
export const ChoosingAVariant: Story = {
  parameters: { route: variantRoute() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: withVariants.prodName });
    for (const [index, option] of withVariants.prodOptions!.entries())
      await userEvent.click(radioOf(canvasElement, option.name, ownPrice.options[index]!));
    await expect(canvas.getByText(`Price: $${ownPrice.price!.toFixed(2)}`)).toBeInTheDocument();
  },
};

/** A variant chosen by the URL (?variant=), with a price of its own. */
export const VariantChosen: Story = { parameters: { route: variantRoute(ownPrice) } };

/** Few left of the chosen variant: 'Son N ürün'. */
export const LowStock: Story = {
  parameters: { route: variantRoute(lastOne) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(`Son ${lastOne.stock} ürün`)).toBeVisible();
  },
};

/** A sold-out variant: 'Stokta yok', Add to Cart disabled, 'Haber ver' offered. */
export const SoldOutVariant: Story = {
  parameters: { route: variantRoute(soldOut) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Stokta yok')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: 'Add to Cart' })[0]).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Haber ver' })).toBeEnabled();
  },
};

/** 'Haber ver' open, with the signed-in shopper's address. */
export const NotifyFormOpen: Story = {
  parameters: { route: variantRoute(soldOut), setup: signedIn },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Haber ver' }));
    await expect(canvas.getByLabelText('Email')).toHaveValue(DEMO_USER_EMAIL);
  },
};

/** 'Haber ver' sent: the server's answer. */
export const NotifySent: Story = {
  parameters: { route: variantRoute(soldOut), setup: signedIn },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Haber ver' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(await canvas.findByText(STOCK_ALERT_ACCEPTED)).toBeVisible();
  },
};

/** 'Haber ver' failed: the error, and Send again. */
export const NotifyFailed: Story = {
  parameters: {
    route: variantRoute(soldOut),
    setup: signedIn,
    adapters: () => ({ stockAlert: new FakeStockAlertGateway({ failWith: { status: 429, message: 'Too many requests' } }) }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Haber ver' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Error saving your request: Too many requests');
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeEnabled();
  },
};

/** A phone (375 px): the chips wrap, the form takes the width. */
export const SoldOutVariantOnAPhone: Story = {
  parameters: { route: variantRoute(soldOut) },
  globals: { viewport: { value: 'phone', isRotated: false } },
};
