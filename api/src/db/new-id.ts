import { randomBytes } from 'node:crypto';

/** A server-assigned `_id`: 24 random hex characters (DECISIONS "Ids": 16 or more). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}
