import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { accountFailing, accountNeverAnswers, signedInAs, WithAlerts } from '../../../../.storybook/fixtures/account';
import { DEMO_OTHER_DEVICES, DEMO_THIS_DEVICE, DEMO_USER_ID, DEMO_USER_PASSWORD } from '../../adapters/fake/demo-account';
import { fakeAccountStoreOf } from '../../adapters/fake/fake-world';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';
import { ActiveSessions } from './active-sessions';

const signedInHere = signedInAs({ device: DEMO_THIS_DEVICE });

/** Signed in here, and on a phone and another computer. */
function signedInOnThreeDevices(services: ServiceContainer, adapters: AdapterSet) {
  signedInHere(services, adapters);
  const store = fakeAccountStoreOf(adapters);
  for (const device of DEMO_OTHER_DEVICES) store.startSession(DEMO_USER_ID, undefined, device);
}

const meta = {
  title: 'Profile/Active Sessions',
  component: ActiveSessions,
  decorators: [
    (Story) => (
      <WithAlerts>
        <section className="page profile-card" aria-labelledby="sessions-title">
          <h2 id="sessions-title">Active sessions</h2>
          <Story />
        </section>
      </WithAlerts>
    ),
  ],
  parameters: { route: '/profile', setup: signedInOnThreeDevices },
} satisfies Meta<typeof ActiveSessions>;

export default meta;
type Story = StoryObj<typeof meta>;

/** This browser first, marked; 'End session' on each other one ends it, the password given again. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Signed-in devices' });
    const rows = within(list).getAllByRole('listitem');
    await expect(rows.map((row) => row.querySelector('.active-sessions__device')?.textContent)).toEqual([
      'Firefox 133 on LinuxThis device',
      'Chrome 131 on Windows',
      'Safari 17 on iOS',
    ]);
    await userEvent.type(canvas.getByLabelText('Current Password'), DEMO_USER_PASSWORD);
    await userEvent.click(canvas.getByRole('button', { name: 'End session on Safari 17 on iOS' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Session ended.');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  },
};

/** 'End all other sessions' leaves this device alone. */
export const EndAllOthers: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Current Password'), DEMO_USER_PASSWORD);
    await userEvent.click(canvas.getByRole('button', { name: 'End all other sessions' }));
    await expect(await canvas.findByText('You are signed in on this device only.')).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
  },
};

/** Only this browser is signed in: nothing to end, no password asked. */
export const OnlyThisDevice: Story = {
  parameters: { setup: signedInHere },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('You are signed in on this device only.')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.queryByLabelText('Current Password')).toBeNull();
  },
};

/** A wrong password ends nothing and says so. */
export const WrongPassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Current Password'), 'Wrong#Pass1');
    await userEvent.click(canvas.getByRole('button', { name: 'End all other sessions' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The current password is incorrect.');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
  },
};

export const Loading: Story = {
  parameters: { adapters: accountNeverAnswers },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading sessions...');
  },
};

export const Error: Story = {
  parameters: { adapters: accountFailing('network') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Error fetching sessions: Network error');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

export const ListOnPhone: Story = { globals: { viewport: { value: 'phone' } } };
