import type { Meta, StoryObj } from '@storybook/react-vite';
import { demoProducts } from '../../adapters/fake/demo-catalog';
import { MagnifierImage } from './magnifier-image';

const product = demoProducts[0]!;

const meta = {
  title: 'Shared/Magnifier image',
  component: MagnifierImage,
  args: { src: product.images[0]!, alt: product.prodName, sizes: '320px' },
  decorators: [
    (Story) => (
      <div style={{ padding: 24, width: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MagnifierImage>;

export default meta;
/** Move the mouse over the image: a 150x150 lens shows it at zoom 2. */
export const Default: StoryObj<typeof meta> = {};
