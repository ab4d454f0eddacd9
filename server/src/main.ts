import { stopOnSignals } from './http/stop-on-signals';
import { ConfigError, loadConfig } from './config';
import { startServer } from './start-server';

/** `tsx server/src/main.ts`: the reference API (and the built SPA when STATIC_DIR exists). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const server = await startServer(config);
  server.app.log.info(
    `API ready at ${server.url} (database: ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}, mail: ${config.smtpUrl ? 'SMTP' : `outbox ${config.mailOutboxDir}`})`,
  );

  stopOnSignals(() => server.close(), server.app.log, config.shutdownGraceMs);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
