import { mkdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';

/**
 * Creates `dir` (and missing parents) readable by the server's user only: DATA_DIR holds the JWT
 * secret, the database and mails with live tokens. An existing directory is left as its owner set it.
 */
export function ensurePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
}
