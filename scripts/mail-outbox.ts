/**
 * `npm run mail:outbox`: what the mail outbox (D23) still owes and what it gave up on, read from
 * the database the server's configuration names (DATABASE_URL, else the embedded one in
 * DATA_DIR). It shows recipient, subject, attempts, last error and cause; never a mail's body or
 * links, which carry live tokens. `--limit N` shows at most N of each kind (default 50).
 */
import { connect } from 'node:net';
import { ConfigError, loadConfig, type Config } from '../api/src/config';
import { openDb } from '../api/src/db/open-db';
import { MailOutbox, type OutboxEntry } from '../api/src/mail/mail-outbox';
import { systemClock } from '../api/src/time/server-clock';

/** Whether something answers on the server's port: then it holds the embedded database. */
function serverListening(config: Config): Promise<boolean> {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return new Promise((resolve) => {
    const socket = connect({ host, port: config.port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function describe(entry: OutboxEntry, when: string): string {
  return [
    `  ${entry.recipient}  "${entry.subject}"`,
    `    cause ${entry.cause}; queued ${entry.createdAt}; ${entry.attempts} attempt(s); ${when}`,
    ...(entry.lastError ? [`    last error: ${entry.lastError}`] : []),
  ].join('\n');
}

async function main(): Promise<void> {
  const limitAt = process.argv.indexOf('--limit');
  const limit = limitAt > 0 ? Number(process.argv[limitAt + 1]) : 50;
  if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit takes a whole number of at least 1');
  const config = loadConfig();
  // PGlite is one process's database, without a lock: opening it beside a running server could
  // damage it. PostgreSQL is shared by design.
  if (!config.databaseUrl && (await serverListening(config))) {
    console.error(
      `A server is listening on port ${config.port}, and it owns the embedded database in ${config.dataDir}.\n` +
        'Stop it first (or run this against PostgreSQL with DATABASE_URL).',
    );
    process.exitCode = 1;
    return;
  }
  const db = await openDb(config);
  try {
    const outbox = new MailOutbox(db, systemClock);
    let counts;
    try {
      counts = await outbox.counts();
    } catch (error) {
      if ((error as { code?: unknown }).code === '42P01') {
        console.log('This database has no mail outbox yet: start the server once to migrate it.');
        return;
      }
      throw error;
    }
    console.log(`Mail outbox (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}):`);
    console.log(`  ${counts.pending} pending, ${counts.dead} dead, ${counts.sent} sent (kept 30 days)`);
    const pending = await outbox.pending(limit);
    if (pending.length > 0) {
      console.log(`\nPending, next try first${counts.pending > pending.length ? ` (${pending.length} of ${counts.pending})` : ''}:`);
      for (const entry of pending) console.log(describe(entry, `next try ${entry.nextAttemptAt}`));
    }
    const dead = await outbox.deadLetters(limit);
    if (dead.length > 0) {
      console.log(`\nDead letters, newest first${counts.dead > dead.length ? ` (${dead.length} of ${counts.dead})` : ''}:`);
      for (const entry of dead) console.log(describe(entry, `given up ${entry.deadAt}`));
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError ? error.message : `mail:outbox failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
