import { stopOnSignals } from '@shop/core/node/stop-on-signals';
import { listenError } from '@shop/core/node/listen-error';
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
  const address = await app.listen({ port: config.port, host: config.host }).catch((error: Error) => {
    throw listenError(error, config.host, config.port);
  });
  for (const warning of config.warnings) app.log.warn(warning);
  app.log.info(
    `Storefront ready at ${address}, rendering against ${config.apiUrl}` +
      (config.apiPublicUrl ? ` (browsers call ${config.apiPublicUrl})` : ' (browsers call the API through this server)'),
  );

  stopOnSignals(() => app.close(), app.log);
}

main().catch((error: unknown) => {
  console.error('The storefront could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
