import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { answering } from '../../../../.storybook/fixtures/shop';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';
import { messages } from '../../texts/messages';
import { ProductListPage } from './product-list-page';

/** Kadın Giyim: six products, three of them in sizes (Beden) and colours (Renk) with stock. */
const CLOTHES = '/productlist/312';

/** The demo catalogue whose filter counts answer with `getFacets`. */
const facetsAnswering = (getFacets: CatalogGateway['getFacets']) => answering('catalog', { getFacets });

const meta = {
  title: 'Catalog/Filter panel',
  component: ProductListPage,
  parameters: { route: CLOTHES, path: '/productlist/:catId?' },
  globals: { viewport: { value: 'desktop', isRotated: false } },
} satisfies Meta<typeof ProductListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Desktop: the panel beside the list, every value with how many products it would show. */
export const WithCounts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sizes = await canvas.findByRole('group', { name: 'Beden' });
    await expect(await within(sizes).findByRole('checkbox', { name: /^M \(\d+\)$/ })).toBeEnabled();
    await expect(canvas.getByRole('checkbox', { name: /^In stock only \(\d+\)$/ })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: messages.filters.clear })).toBeNull();
  },
};

/** Filters from the URL: size M, at most $1000, in stock; values no product would show are disabled. */
export const ActiveFilters: Story = {
  parameters: { route: `${CLOTHES}?maxPrice=1000&f.Beden=M&inStock=1` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('checkbox', { name: /^M \(\d+\)$/ })).toBeChecked();
    await expect(canvas.getByRole('spinbutton', { name: messages.filters.maxPrice })).toHaveValue(1000);
    await expect(canvas.getByRole('checkbox', { name: /^In stock only/ })).toBeChecked();
    await expect(canvas.getByRole('link', { name: messages.filters.clear })).toBeVisible();
  },
};

/** Choosing a size narrows the list at once; the price applies with Apply; Clear filters takes both off. */
export const ChooseFilters: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: /^M \(\d+\)$/ }));
    await expect(await canvas.findByText(messages.listing.productCount(3))).toBeVisible();
    await userEvent.type(canvas.getByRole('spinbutton', { name: messages.filters.maxPrice }), '1000');
    await userEvent.click(canvas.getByRole('button', { name: messages.filters.apply }));
    await expect(await canvas.findByText(messages.listing.productCount(2))).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: /^M \(\d+\)$/ })).toBeChecked();
    await userEvent.click(canvas.getByRole('link', { name: messages.filters.clear }));
    await expect(await canvas.findByText(messages.listing.productCount(6))).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: /^M \(\d+\)$/ })).not.toBeChecked();
  },
};

/** The counts are on their way: the price fields are there, the groups wait; the list shows. */
export const LoadingCounts: Story = {
  parameters: { adapters: facetsAnswering(() => new Promise(() => {})) },
};

/** The counts failed: say so and offer to try again; the list shows, a chosen value can still be taken off. */
export const CountsError: Story = {
  parameters: {
    route: `${CLOTHES}?f.Beden=M`,
    adapters: facetsAnswering(() => Promise.resolve({ ok: false, kind: 'unavailable', message: 'Network error' })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(messages.filters.error('Network error'))).toBeVisible();
    await expect(canvas.getByRole('button', { name: messages.filters.retry })).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'M' })).toBeChecked();
  },
};

/** No product matches the filters: say so, and offer to take them off. */
export const EmptyWithFilters: Story = {
  parameters: { route: `${CLOTHES}?minPrice=99999` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(messages.filters.noMatches)).toBeVisible();
    await expect(canvas.getAllByRole('link', { name: messages.filters.clear }).length).toBe(2);
  },
};

/** Phone: a 'Filters (n)' button above the list opens the panel as a drawer; focus moves into it and stays there. */
export const PhoneDrawerOpen: Story = {
  parameters: { route: `${CLOTHES}?f.Beden=M` },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = await canvas.findByRole('button', { name: messages.filters.open(1) });
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await userEvent.click(toggle);
    const drawer = await canvas.findByRole('dialog', { name: messages.filters.title });
    await waitFor(() => expect(drawer).toBeVisible());
    const close = within(drawer).getByRole('button', { name: messages.filters.close });
    await expect(close).toHaveFocus();
    // Shift+Tab from the first control goes round to the last, inside the drawer.
    await userEvent.tab({ shift: true });
    await expect(within(drawer).getByRole('button', { name: /^Show \d+ products?$/ })).toHaveFocus();
    await userEvent.tab();
    await expect(close).toHaveFocus();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  },
};

/** Phone: Escape closes the drawer and focus returns to the 'Filters' button. */
export const PhoneDrawerCloses: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = await canvas.findByRole('button', { name: messages.filters.open(0) });
    await userEvent.click(toggle);
    await canvas.findByRole('dialog', { name: messages.filters.title });
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(toggle).toHaveFocus();
  },
};
