import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { seedCatalog } from '../catalog/seed-catalog';
import { migrate } from '../db/migrate';
import { migrations } from '../db/migrations/all-migrations';
import { openPgliteDb } from '../db/pglite-db';

export type TestSchema = 'empty' | 'migrated' | 'seeded';

/**
 * Where the current test run keeps its PGlite templates (set by the server tests' global setup,
 * testing/global-setup.ts). Unset, each test database is made from nothing.
 */
export const TEMPLATES_ENV = 'TEST_PGLITE_TEMPLATES';

const templateFile = (dir: string, schema: TestSchema) => path.join(dir, `${schema}.tar`);

/**
 * A new PGlite cluster costs its initdb (seconds of WebAssembly), most of a test database's
 * price; a copy of one costs a third of that. So each kind of test database (empty, migrated,
 * seeded with the demo catalogue) is made once per run, from the run's own migrations and seed,
 * and each test file starts from a copy.
 */
export async function writePgliteTemplates(dir: string): Promise<void> {
  const db = await openPgliteDb(undefined);
  try {
    const save = async (schema: TestSchema) => writeFileSync(templateFile(dir, schema), Buffer.from(await (await db.dump()).arrayBuffer()));
    await save('empty');
    await migrate(db, migrations);
    await save('migrated');
    await seedCatalog(db);
    await save('seeded');
  } finally {
    await db.close();
  }
}

/** This run's template of `schema`, when the run made templates. */
export function pgliteTemplate(schema: TestSchema): Blob | undefined {
  const dir = process.env[TEMPLATES_ENV];
  if (!dir || !existsSync(templateFile(dir, schema))) return undefined;
  return new Blob([readFileSync(templateFile(dir, schema))]);
}
