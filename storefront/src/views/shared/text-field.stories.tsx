import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { TextField } from './text-field';

/** A form field as the account forms use it (Controls: its label, type, text and whether it can be edited). */
interface FieldArgs {
  label: string;
  type: 'text' | 'email' | 'password' | 'tel';
  value: string;
  editable: boolean;
  placeholder: string;
}

function Field({ label, type, value, editable, placeholder }: FieldArgs) {
  const [text, setText] = useState(value);
  return <TextField label={label} type={type} value={text} placeholder={placeholder} {...(editable ? { onChange: setText } : {})} />;
}

const meta = {
  title: 'Shared/Text field',
  component: Field,
  args: { label: 'Email', type: 'email', value: '', editable: true, placeholder: '' },
  argTypes: {
    label: { control: 'text' },
    type: { control: 'inline-radio', options: ['text', 'email', 'password', 'tel'] },
    value: { control: 'text', description: 'The text it starts with' },
    editable: { control: 'boolean', description: 'Off: read-only, as User ID and email on the profile' },
    placeholder: { control: 'text' },
  },
  // A new start value (from the Controls) starts the field again.
  render: (args) => <Field key={args.value} {...args} />,
  decorators: [
    (Story) => (
      <div style={{ padding: 24, maxWidth: 400 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Editable: Story = {
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByLabelText('Email');
    await userEvent.type(field, 'ayse@example.com');
    await expect(field).toHaveValue('ayse@example.com');
  },
};
export const ReadOnly: Story = { args: { label: 'User ID', type: 'text', value: 'USR-000042', editable: false } };
export const Password: Story = { args: { label: 'Password', type: 'password', value: 'Sifre123!' } };
