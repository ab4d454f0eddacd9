import type { Meta, StoryObj } from '@storybook/react-vite';
import { demoProducts } from '../../adapters/fake/demo-catalog';
import { ProductGallery } from './product-gallery';

const product = demoProducts.find((candidate) => candidate.images.length === 3)!;

const meta = {
  title: 'Product/Gallery',
  component: ProductGallery,
  args: { images: product.images, name: product.prodName, thumbSizes: '80px' },
  decorators: [
    (Story) => (
      <div style={{ padding: 24, maxWidth: 720 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProductGallery>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ThreeImages: Story = {};
export const OneImage: Story = { args: { images: product.images.slice(0, 1) } };
export const Mobile: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
