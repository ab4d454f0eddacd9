import { defineConfig } from 'vitest/config';

// `npm run bench`, first part: throughput of the domain rules. The server, the page weight and
// Lighthouse follow in tests/bench/server-bench.ts. Numbers are reported, not asserted in unit
// tests (docs/testing.md, docs/performance.md).
export default defineConfig({
  test: {
    name: 'bench',
    root: new URL('../..', import.meta.url).pathname,
    environment: 'node',
    benchmark: { include: ['tests/bench/**/*.bench.ts'] },
  },
});
