import { defineConfig } from 'vitest/config';

// End-to-end journeys: the production build served by the reference server, driven in Debian's
// Chromium. One server per run (fresh PGlite data directory and outbox), a Chromium per file and a
// fresh browser context per test. Every journey makes its own accounts (unique emails) and its own
// cart, so two files run side by side and keep both cores busy (236 s -> about 200 s on 2 cores;
// the browsers and the server use all of both, so more at a time would not help).
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Conditions in a real browser against a real server: wait for them generously, never sleep.
    expect: { poll: { timeout: 10_000, interval: 50 } },
  },
});
