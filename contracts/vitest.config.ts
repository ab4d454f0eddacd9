import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/** The coverage and docs checks read the pact file the other contract tests write, so they run last. */
class CoverageLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isCoverage = (file: TestSpecification): boolean =>
      file.moduleId.endsWith('spec-coverage.test.ts') || file.moduleId.endsWith('interactions-table.test.ts');
    return [...sorted.filter((file) => !isCoverage(file)), ...sorted.filter(isCoverage)];
  }
}

// Consumer contracts: the real HTTP gateways against Pact's mock server, in Node.
export default defineConfig({
  test: {
    name: 'contracts',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['contracts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['contracts/support/global-setup.ts'],
    // One file at a time: every file merges its interactions into the same pact file.
    fileParallelism: false,
    sequence: { sequencer: CoverageLastSequencer },
    testTimeout: 30_000,
  },
});
