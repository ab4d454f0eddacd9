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

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: shutting down`);
    // A hung close must not keep the process forever.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
