import pg from 'pg';

/** The PostgreSQL the local tooling uses when none is configured (docs/testing.md). */
export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/** Whether a PostgreSQL answers at `url` (within 1.5 s). */
export async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** `configured` when given, else the local PostgreSQL when it answers, else undefined (PGlite only). */
export async function reachablePostgres(configured: string | undefined): Promise<string | undefined> {
  if (configured) return configured;
  return (await answers(LOCAL_POSTGRES)) ? LOCAL_POSTGRES : undefined;
}
