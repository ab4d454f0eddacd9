import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEMPLATES_ENV, writePgliteTemplates } from './pglite-templates';

/** The server tests' global setup: this run's PGlite templates (pglite-templates.ts), removed at the end. */
export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-templates-'));
  await writePgliteTemplates(dir);
  process.env[TEMPLATES_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
