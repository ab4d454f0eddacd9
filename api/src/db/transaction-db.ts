import type { Db } from './types';

/**
 * The `Db` a unit of work sees inside a transaction: its queries run on the transaction's
 * connection, a nested unit of work joins the outer transaction (neither engine nests them
 * here), and listening or closing is a mistake.
 */
export function transactionDb(query: Db['query']): Db {
  const db: Db = {
    query,
    transaction: (work) => work(db),
    listen: async () => {
      throw new Error('listen() inside a transaction');
    },
    close: async () => {
      throw new Error('close() inside a transaction');
    },
  };
  return db;
}
