import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const CONSUMER = 'storefront-web';
export const PROVIDER = 'storefront-api';

/** Where the consumer tests write the pact file, committed for the backend team. */
export const PACT_DIR = fileURLToPath(new URL('../pacts', import.meta.url));

export const PACT_FILE = path.join(PACT_DIR, `${CONSUMER}-${PROVIDER}.json`);

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
