import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { signedInAs, WithAlerts } from '../../../../.storybook/fixtures/account';
import { answering } from '../../../../.storybook/fixtures/shop';
import { DEMO_USER_ID } from '../../adapters/fake/demo-account';
import { never } from '../../adapters/fake/fake-delay';
import { FakePrivacyGateway, recordSignUpConsents } from '../../adapters/fake/fake-privacy-gateway';
import { type FakeAdapterSet } from '../../di/fake-adapters';
import { fakeAccountStoreOf } from '../../adapters/fake/fake-world';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';
import { PrivacySection } from './privacy-section';

/** Signed in; the sign-up acknowledged the privacy notice and declined marketing messages (D24). */
function signedUpWithConsents(services: ServiceContainer, adapters: AdapterSet) {
  recordSignUpConsents(fakeAccountStoreOf(adapters), DEMO_USER_ID, false);
  signedInAs()(services, adapters);
}

/** Story `adapters`: the privacy calls answer as told (never, failing...). */
const privacyServer =
  (options: ConstructorParameters<typeof FakePrivacyGateway>[1]) =>
  (base: AdapterSet): Partial<AdapterSet> => ({
    privacy: new FakePrivacyGateway(fakeAccountStoreOf(base), {
      ...options,
      session: base.sessionLink,
      orders: (base as FakeAdapterSet).orders.book,
    }),
  });

const meta = {
  title: 'Profile/Privacy and Your Data',
  component: PrivacySection,
  decorators: [
    (Story) => (
      <WithAlerts>
        <section className="page profile-card" aria-labelledby="privacy-title">
          <h2 id="privacy-title">Privacy and Your Data</h2>
          <Story />
        </section>
      </WithAlerts>
    ),
  ],
  parameters: { route: '/profile', setup: signedUpWithConsents },
} satisfies Meta<typeof PrivacySection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The privacy notice acknowledged (version, time), marketing not given, download and delete. */
export const Consents: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/version kvkk-2026-11-27, acknowledged on/)).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Receive campaigns and offers (marketing messages)' })).not.toBeChecked();
  },
};

/** Marketing turned on: recorded with its version and time, and said so. */
export const MarketingGiven: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Receive campaigns and offers (marketing messages)' }));
    await expect(await canvas.findByText(/^Given \(consent text version etk-2026-11-27/)).toBeVisible();
  },
};

/** An account made before D24: nothing recorded. */
export const NothingRecorded: Story = {
  parameters: { setup: signedInAs() },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('No acknowledgement of the Privacy Notice is recorded for this account.'),
    ).toBeVisible();
  },
};

export const Loading: Story = { parameters: { adapters: privacyServer({ delay: never }) } };

export const LoadError: Story = {
  parameters: { adapters: privacyServer({ failWith: 'network' }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/^Error fetching your consents:/)).toBeVisible();
  },
};

/** 'Delete my account' asks for the password again; a wrong one is said in the form. */
export const DeleteWrongPassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete my account' }));
    await userEvent.type(canvas.getByLabelText('Your password'), 'Wr0ng!Pass');
    await userEvent.click(canvas.getByRole('button', { name: 'Delete my account permanently' }));
    await expect(await canvas.findByText('The password is incorrect.')).toBeVisible();
  },
};

/** While the data is prepared, the button is busy. */
export const Downloading: Story = {
  parameters: {
    adapters: answering('privacy', { exportData: () => new Promise(() => {}) }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Download my data' }));
    await expect(await canvas.findByRole('button', { name: 'Preparing your data...' })).toBeDisabled();
  },
};
