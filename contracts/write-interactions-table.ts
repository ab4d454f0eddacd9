/**
 * `npm run docs:contracts`: rewrites the interactions table of docs/contracts.md from the pact
 * files in contracts/pacts (written by `npm run test:contracts`). contracts/interactions-table.test.ts
 * fails while the two differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { interactionsTable, readPactFiles, withTable } from './support/interactions-table';
import { PACT_DIR, REPO_ROOT } from './support/pact-files';

const doc = path.join(REPO_ROOT, 'docs', 'contracts.md');
const before = readFileSync(doc, 'utf8');
const after = withTable(before, interactionsTable(readPactFiles(PACT_DIR)));
if (after === before) {
  console.log('docs/contracts.md: the interactions table is up to date.');
} else {
  writeFileSync(doc, after);
  console.log('docs/contracts.md: the interactions table is rewritten from the pact files.');
}
