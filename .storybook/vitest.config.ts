import path from 'node:path';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// Every story runs as a test in Debian's Chromium: it fails when a story throws, a play
// function's assertion fails, or axe finds a violation (parameters.a11y.test = 'error').
export default defineConfig({
  plugins: [storybookTest({ configDir: import.meta.dirname })],
  test: {
    name: 'storybook',
    // Two story files at a time, each in a page of its own (104 s -> 90 s on 2 cores).
    maxWorkers: 2,
    // A page runs its files one after another without loading Storybook and the shop again for
    // each (90 s -> 62 s): every story builds its own container over fresh fakes
    // (story-services.tsx), so nothing one story does is seen by the next.
    isolate: false,
    root: path.resolve(import.meta.dirname, '..'),
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
