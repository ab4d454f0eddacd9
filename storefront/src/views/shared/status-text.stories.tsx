import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmptyText, ErrorText, LoadingText } from './status-text';

/** The three texts every fetching screen shows. */
function StatusTexts() {
  return (
    <div style={{ padding: 24 }}>
      <LoadingText>Loading products...</LoadingText>
      <ErrorText>Error fetching products: Network error</ErrorText>
      <EmptyText>Your cart is empty.</EmptyText>
    </div>
  );
}

const meta = { title: 'Shared/Status texts', component: StatusTexts } satisfies Meta<typeof StatusTexts>;

export default meta;
export const All: StoryObj<typeof meta> = {};
