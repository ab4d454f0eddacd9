import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

/** The shop's buttons are classes on a plain `<button>` (global.css): these are their variants. */
interface ButtonArgs {
  label: string;
  variant: 'default' | 'primary' | 'danger';
  /** As wide as its box (Proceed to Checkout, the account forms). */
  block: boolean;
  disabled: boolean;
  onClick: () => void;
}

function Button({ label, variant, block, disabled, onClick }: ButtonArgs) {
  const classes = ['button', variant === 'default' ? '' : `button--${variant}`, block ? 'button--block' : ''].filter(Boolean).join(' ');
  return (
    <button type="button" className={classes} disabled={disabled} onClick={onClick}>
      {label}
    </button>
  );
}

const meta = {
  title: 'Shared/Button',
  component: Button,
  args: { label: 'Add to Cart', variant: 'primary', block: false, disabled: false, onClick: fn() },
  argTypes: {
    label: { control: 'text' },
    variant: { control: 'inline-radio', options: ['default', 'primary', 'danger'] },
    block: { control: 'boolean' },
    disabled: { control: 'boolean' },
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 24, maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add to Cart' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};
export const Default: Story = { args: { label: 'Close', variant: 'default' } };
export const Danger: Story = { args: { label: 'Yes', variant: 'danger' } };
/** Proceed to Checkout on an empty cart: disabled, and a click does nothing. */
export const DisabledBlock: Story = {
  args: { label: 'Proceed to Checkout', block: true, disabled: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Proceed to Checkout' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};
