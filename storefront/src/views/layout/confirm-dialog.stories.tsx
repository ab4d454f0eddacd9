import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '../../texts/messages';
import { accountMessages } from '../../texts/account-messages';
import { CORE } from '../../di/modules/core-module';
import type { ServiceContainer } from '../../di/react';
import { AlertRegion } from './alert-region';
import { ConfirmDialog } from './confirm-dialog';

/** The alert region and the confirm dialog, as the layout shows them. */
function Overlays() {
  return (
    <>
      <AlertRegion />
      <ConfirmDialog />
    </>
  );
}

const meta = { title: 'Layout/Alerts and confirm', component: Overlays } satisfies Meta<typeof Overlays>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Alerts: Story = {
  parameters: {
    setup: (services: ServiceContainer) => {
      const alerts = services.get(CORE.alerts);
      alerts.show(messages.product.productAdded, 'success');
      alerts.show(messages.layout.cartAlreadyEmpty);
      alerts.show(accountMessages.address.deleteFailed, 'error');
    },
  },
};

export const Confirm: Story = {
  parameters: {
    setup: (services: ServiceContainer) => {
      void services.get(CORE.alerts).confirm(accountMessages.address.confirmDelete);
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Please confirm' });
    await expect(dialog).toHaveTextContent(accountMessages.address.confirmDelete);
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
  },
};
