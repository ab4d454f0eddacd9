import path from 'node:path';
import type { Config } from '../config';
import { openPgDb } from './pg-db';
import { openPgliteDb } from './pglite-db';
import type { Db } from './types';

/** PostgreSQL when DATABASE_URL is set, else PGlite on disk in `<DATA_DIR>/pglite`. */
export function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  return config.databaseUrl ? openPgDb(config.databaseUrl) : openPgliteDb(path.join(config.dataDir, 'pglite'));
}
