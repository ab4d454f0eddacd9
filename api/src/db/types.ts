/** The SQL the server speaks, on PGlite (embedded) and PostgreSQL (`DATABASE_URL`) alike. */
export interface Db {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: Row[] }>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * LISTEN on `channel`: `onNotify` runs for each notification (PGlite: before the writing
   * query resolves; PostgreSQL: as it arrives on a connection of its own). `onLive(false)` says
   * notifications may be missed from now on (that connection was lost), `onLive(true)` that
   * they flow again (it was re-established). Resolves with the function that stops listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  /** `payload`: the notification's text ('' when it carried none). */
  onNotify(payload: string): void;
  onLive?(live: boolean): void;
}

/** A versioned schema step, applied once, in `id` order, at start. */
export interface Migration {
  /** Sortable and unique, e.g. `001_accounts`, `100_catalog`. */
  id: string;
  sql: string;
}
