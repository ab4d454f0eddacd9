import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FakeClock } from '../../adapters/fake/fake-clock';
import { CORE } from '../../di/modules/core-module';
import type { ServiceContainer } from '../../di/react';
import type { AlertKind } from '../../stores/alert-store';
import { AlertRegion } from './alert-region';

/** What a designer varies on an alert (Controls): its text and kind. */
interface AlertArgs {
  message: string;
  kind: AlertKind;
}

const meta = {
  title: 'Layout/Alerts',
  component: AlertRegion,
  args: { message: 'Product added to cart!', kind: 'success' },
  argTypes: {
    message: { control: 'text', description: 'One of SPEC’s alert texts, or any' },
    kind: { control: 'inline-radio', options: ['info', 'success', 'error'] },
  },
  parameters: {
    // A clock that stands still: the alert stays up (the shop hides it after 2 s, SPEC 9).
    clock: () => new FakeClock(Date.UTC(2026, 10, 22, 12)),
    setup: (services: ServiceContainer, _adapters: unknown, args: Record<string, unknown>) => {
      const { message, kind } = args as Partial<AlertArgs>;
      services.get(CORE.alerts).show(message ?? '', kind);
    },
  },
  render: () => <AlertRegion />,
  decorators: [
    (Story) => (
      <div style={{ minHeight: 160 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<AlertArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Product added to cart!');
  },
};
export const Info: Story = { args: { message: 'Cart is already empty.', kind: 'info' } };
export const Error: Story = { args: { message: 'Error during login: Invalid email or password.', kind: 'error' } };
