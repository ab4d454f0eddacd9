import { defineConfig } from 'vitest/config';

// `npm run bench`: throughput of the domain rules and the API, then the page weight. Numbers are
// reported, not asserted in unit tests (docs/testing.md).
export default defineConfig({
  test: {
    name: 'bench',
    root: new URL('../..', import.meta.url).pathname,
    environment: 'node',
    benchmark: { include: ['tests/bench/**/*.bench.ts'] },
  },
});
