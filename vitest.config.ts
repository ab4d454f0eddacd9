import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit and component tests: rules, stores, texts and the demo data (node), adapters and views (happy-dom),
// hydration (happy-dom, modules of its own), the server (node), and the architecture (the dependency
// rule catches what it must).

/** The tests that render a page on the server and hydrate it in the browser, in one process. */
const SERVER_AND_BROWSER_RENDER = 'storefront/src/shell/hydration.test.tsx';

/** Tests of code that touches no DOM (a file that needs one says so: `// @vitest-environment happy-dom`). */
const WITHOUT_DOM = [
  'core/**/*.test.ts',
  'storefront/src/stores/**/*.test.ts',
  'storefront/src/texts/**/*.test.ts',
  'tests/bench/**/*.test.ts',
  'tests/docs/**/*.test.ts',
];

export default defineConfig({
  plugins: [react()],
  test: {
    // Every core (Vitest's default leaves one idle, which is half of a 2-core CI machine). Server
    // files each get their own database (in-memory PGlite, or a schema of their own on PostgreSQL).
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['storefront/src/**/*.test.{ts,tsx}', '.storybook/**/*.test.ts'],
          exclude: [SERVER_AND_BROWSER_RENDER, ...WITHOUT_DOM],
          environment: 'happy-dom',
          setupFiles: ['tests/setup/dom.ts'],
          // Files share their worker's modules (React, the shop's code and the DOM environment are
          // loaded once per worker, not once per file; the project: 107 s -> 34 s on 2 cores). Each
          // test builds its own container and stores, and tests/setup/dom.ts cleans the DOM and storage.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'logic',
          // Rules, stores, texts and the demo data touch no DOM: no DOM environment to set up per file.
          include: WITHOUT_DOM,
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'hydration',
          // The server's render and the browser's in one process: React's server renderer leaves
          // the contexts it rendered set to their last values (harmless where the server and the
          // browser are apart), so these tests get modules of their own.
          include: [SERVER_AND_BROWSER_RENDER],
          environment: 'happy-dom',
          // React's contexts recorded as they are made (before anything imports React), for the test to reset.
          setupFiles: ['tests/setup/react-contexts.ts', 'tests/setup/dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          // With the tests that hold the server and the shop side by side (tests/integration).
          include: ['api/**/*.test.ts', 'storefront/server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          // Each kind of test database made once per run; every file starts from a copy.
          globalSetup: ['api/src/testing/global-setup.ts'],
          // Files share their worker's modules (the server's code and PGlite's WebAssembly are
          // loaded once per worker, not once per file): each file builds its own app over its own
          // database, so nothing a test sees is shared (the project: 182 s -> 109 s on 2 cores).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'architecture',
          include: ['tests/architecture/**/*.test.ts'],
          environment: 'node',
          // One file at a time: each writes probe files into the tiers' folders and runs a tool over
          // them, which must not see the other's probes appear and vanish under it.
          fileParallelism: false,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
