import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { CategoryTree } from './category-tree';

const meta = {
  title: 'Catalog/Category tree',
  component: CategoryTree,
  // The tree lives on the dark sidebar.
  decorators: [
    (Story) => (
      <div style={{ width: 280, minHeight: 400, padding: 16, background: 'var(--color-sidebar)', color: 'var(--color-sidebar-text)' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CategoryTree>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Loading: Story = { parameters: { adapters: { catalog: pendingCatalogGateway() } } };
export const Error: Story = { parameters: { adapters: { catalog: failingCatalogGateway('Network error') } } };

/** Three levels open: Elektronik > Bilgisayar > Dizüstü Bilgisayar, through the toggles beside the entries (the entries are links). */
export const Expanded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Subcategories of Elektronik' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Subcategories of Bilgisayar' }));
    await expect(canvas.getByRole('button', { name: 'Subcategories of Bilgisayar' })).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('link', { name: 'Dizüstü Bilgisayar' })).toBeVisible();
  },
};
