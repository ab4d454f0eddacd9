import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { QuantityStepper } from './quantity-stepper';

/** A stepper with its own state, as the product page uses it. */
function StatefulStepper({ start }: { start: number }) {
  const [value, setValue] = useState(start);
  return (
    <QuantityStepper
      value={value}
      onDecrease={() => setValue((current) => Math.max(1, current - 1))}
      onIncrease={() => setValue((current) => current + 1)}
    />
  );
}

const meta = {
  title: 'Shared/Quantity stepper',
  component: StatefulStepper,
  args: { start: 1 },
  decorators: [
    (Story) => (
      <div style={{ padding: 24 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof StatefulStepper>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AtMinimum: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Increase quantity' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('2');
  },
};
export const Several: Story = { args: { start: 5 } };
