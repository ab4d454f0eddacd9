import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPgliteDb } from '../db/pglite-db';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { mailTemplates } from '../mail/mail-templates';

const modeOf = (dir: string) => statSync(dir).mode & 0o777;

describe('directories under DATA_DIR', () => {
  it('PGlite creates its data directory (and DATA_DIR) private (0700)', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'private-')), 'data');
    const db = await openPgliteDb(path.join(dataDir, 'pglite'));
    await db.close();
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'pglite'))).toBe(0o700);
  }, 60_000);

  it('the dev outbox, whose mails carry live tokens, is created private (0700)', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'private-')), 'data');
    const outbox = path.join(dataDir, 'outbox');
    await createOutboxMailer(outbox, () => undefined).send(
      mailTemplates.resetPassword('https://shop.example', 'a@example.com', 'T'.repeat(43)),
    );
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(outbox)).toBe(0o700);
  });
});
