import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Modal } from './modal';

const meta = {
  title: 'Shared/Modal',
  component: Modal,
  args: {
    open: true,
    title: 'Please confirm',
    onClose: fn(),
    children: <p>Are you sure you want to delete this address?</p>,
  },
} satisfies Meta<typeof Modal>;

export default meta;
export const Open: StoryObj<typeof meta> = {};
