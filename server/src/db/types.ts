/** The SQL the server speaks, on PGlite (embedded) and PostgreSQL (`DATABASE_URL`) alike. */
export interface Db {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: Row[] }>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A versioned schema step, applied once, in `id` order, at start. */
export interface Migration {
  /** Sortable and unique, e.g. `001_accounts`, `100_catalog`. */
  id: string;
  sql: string;
}
