import { loadStorefrontConfig, StorefrontConfigError } from './config';
import { buildStorefront } from './storefront-app';

/** `npm run start:storefront`: the storefront tier in front of the API at `API_URL` (docs/deployment.md). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadStorefrontConfig();
  } catch (error) {
    if (error instanceof StorefrontConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildStorefront({ config });
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Storefront ready at ${address}, rendering against ${config.apiUrl}` +
      (config.apiPublicUrl ? ` (browsers call ${config.apiPublicUrl})` : ' (browsers call the API through this server)'),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    // A hung close must not keep the process forever.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('The storefront could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
