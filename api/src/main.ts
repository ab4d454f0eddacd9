import { stopOnSignals } from '@shop/core/node/stop-on-signals';
import { ConfigError, loadConfig } from './config';
import { startServer } from './start-server';

/** `tsx api/src/main.ts`: the reference API (and the built SPA when STATIC_DIR exists). */
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
  // Settings production accepts only by an explicit opt-out, repeated at every start.
  for (const warning of config.warnings) server.app.log.warn(warning);
  // The link a shopper opens (PUBLIC_URL, by default http://localhost:PORT) and where the process listens.
  server.app.log.info(
    `API ready at ${server.url}, the shop at ${config.port === 0 && !process.env.PUBLIC_URL ? server.url : config.publicUrl} (database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}, mail: ${config.smtpUrl ? 'SMTP' : `outbox ${config.mailOutboxDir}`})`,
  );

  stopOnSignals(() => server.close(), server.app.log, config.shutdownGraceMs);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
