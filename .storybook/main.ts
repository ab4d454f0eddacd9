import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../storefront/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // Designers open Storybook to review the shop's screens, not to learn Storybook: no onboarding
  // checklist in the sidebar, no onboarding guide in the menu.
  features: { sidebarOnboardingChecklist: false, menuOnboardingChecklist: false },
};

export default config;
