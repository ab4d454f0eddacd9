import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PACT_DIR } from './pact-files';

/**
 * Pact merges new interactions into an existing file, so a renamed or deleted interaction would
 * linger; every run starts from an empty folder and writes the file afresh.
 */
export default function clearPactFiles(): void {
  // Pact's usage tracking notice (and call home) stays off for every test file's mock servers.
  process.env.PACT_DO_NOT_TRACK ??= 'true';
  mkdirSync(PACT_DIR, { recursive: true });
  for (const name of readdirSync(PACT_DIR)) {
    if (name.endsWith('.json')) rmSync(path.join(PACT_DIR, name));
  }
}
