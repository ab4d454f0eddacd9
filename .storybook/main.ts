import type { StorybookConfig } from '@storybook/react-vite';
import type { PluginOption } from 'vite';

/** The shop's switch to Preact in its browser build (vite.config.ts, `browserRenderer`). */
const BROWSER_RENDERER = 'browser-renderer-preact';

/** `plugins` without that switch (nested lists flattened). */
function withoutBrowserRenderer(plugins: PluginOption[]): PluginOption[] {
  return plugins.flatMap((plugin): PluginOption[] => {
    if (Array.isArray(plugin)) return withoutBrowserRenderer(plugin);
    const named = typeof plugin === 'object' && plugin !== null && 'name' in plugin;
    return named && plugin.name === BROWSER_RENDERER ? [] : [plugin];
  });
}

const config: StorybookConfig = {
  stories: ['../storefront/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // Stories render with React, as the unit tests do, in `storybook build` too: the shop's own build
  // renders with Preact in the browser (vite.config.ts), Storybook's React renderer needs React.
  viteFinal: (config) => ({ ...config, plugins: withoutBrowserRenderer(config.plugins ?? []) }),
  // Designers open Storybook to review the shop's screens, not to learn Storybook: no onboarding
  // checklist in the sidebar, no onboarding guide in the menu.
  features: { sidebarOnboardingChecklist: false, menuOnboardingChecklist: false },
};

export default config;
