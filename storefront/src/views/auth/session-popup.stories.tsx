import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FakeClock } from '../../adapters/fake/fake-clock';
import { signedInSession } from '../../adapters/fake/fake-world';
import { CORE } from '../../di/modules/core-module';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';
import { SessionPopup } from './session-popup';

/** A clock the story controls, so the session's timing is the same on every run. */
const storyClock = () => new FakeClock(Date.UTC(2026, 10, 22, 12));

/** A session 100 s from expiry: inside the 120 s warning window, so the popup is up. */
function expiringIn100s(services: ServiceContainer, adapters: AdapterSet): void {
  signedInSession(adapters, { expiresInMs: 100_000 });
  services.get(CORE.session).start();
  (adapters.clock as FakeClock).advance(0);
}

const meta = {
  title: 'Account/Session popup',
  component: SessionPopup,
  parameters: { clock: storyClock, setup: expiringIn100s },
} satisfies Meta<typeof SessionPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ExpiringSoon: Story = {
  play: async () => {
    // The native modal dialog renders in the top layer of the whole document.
    const page = within(document.body);
    await expect(await page.findByRole('dialog', { name: 'Your session is about to expire.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Extend Session' })).toHaveFocus();
  },
};

export const ExpiringSoonPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
};

/** Extend Session: new tokens, the popup closes. */
export const Extended: Story = {
  play: async () => {
    const page = within(document.body);
    await userEvent.click(await page.findByRole('button', { name: 'Extend Session' }));
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
  },
};
