import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Verifier, type VerifierOptions } from '@pact-foundation/pact';
import { CONSUMER, PACT_DIR, PROVIDER } from '../support/pact-files';
import { createProviderStateSetup } from './provider-state-handlers';

export interface VerificationOptions {
  /** The running provider, e.g. http://localhost:5000. */
  providerUrl: string;
  /** The provider's dev mail outbox (MAIL_OUTBOX_DIR), read for mailed tokens. */
  outboxDir: string;
  /** The in-process reference server's throttle reset (see StateHandlerOptions). */
  resetThrottles?: () => Promise<void>;
  env?: NodeJS.ProcessEnv;
}

function gitOutput(args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the pacts come from: the committed files in contracts/pacts/, or, with
 * PACT_BROKER_BASE_URL set, the broker (main branch and deployed/released consumer versions).
 * Results are published only when PACT_PUBLISH_VERIFICATION_RESULTS=true.
 */
function pactSource(env: NodeJS.ProcessEnv): Partial<VerifierOptions> {
  const brokerUrl = env.PACT_BROKER_BASE_URL;
  if (!brokerUrl) {
    const files = readdirSync(PACT_DIR)
      .filter((name) => name.endsWith('.json'))
      .map((name) => path.join(PACT_DIR, name));
    if (files.length === 0) throw new Error(`No pact files in ${PACT_DIR}: run npm run test:contracts first`);
    return { pactUrls: files };
  }
  const publish = env.PACT_PUBLISH_VERIFICATION_RESULTS === 'true';
  return {
    pactBrokerUrl: brokerUrl,
    pactBrokerToken: env.PACT_BROKER_TOKEN,
    pactBrokerUsername: env.PACT_BROKER_USERNAME,
    pactBrokerPassword: env.PACT_BROKER_PASSWORD,
    consumerVersionSelectors: [{ mainBranch: true }, { deployedOrReleased: true }, { matchingBranch: true }],
    enablePending: true,
    publishVerificationResult: publish,
    providerVersion: env.PACT_PROVIDER_VERSION ?? gitOutput(['rev-parse', 'HEAD']) ?? '0.0.0-local',
    providerVersionBranch: env.PACT_PROVIDER_BRANCH ?? gitOutput(['rev-parse', '--abbrev-ref', 'HEAD']),
  };
}

/**
 * Verifies the storefront's pacts (HTTP and the emailVerified message) against a provider. No
 * request filter: the pact's `Authorization` headers are provider state injected values
 * (`fromProviderState`), filled from what the login states answer.
 */
export async function runVerification(options: VerificationOptions): Promise<void> {
  const env = options.env ?? process.env;
  // Pact's usage tracking notice (and call home) stays off unless asked for.
  process.env.PACT_DO_NOT_TRACK ??= 'true';
  const setup = createProviderStateSetup({
    providerUrl: options.providerUrl,
    outboxDir: options.outboxDir,
    ...(options.resetThrottles ? { resetThrottles: options.resetThrottles } : {}),
  });
  const verifier = new Verifier({
    provider: PROVIDER,
    providerBaseUrl: options.providerUrl,
    consumerFilters: [CONSUMER],
    ...pactSource(env),
    stateHandlers: setup.stateHandlers as VerifierOptions['stateHandlers'],
    beforeEach: setup.beforeEach,
    messageProviders: setup.messageProviders,
    // Teardown calls end each interaction's session, so no bearer leaks into the next one.
    providerStatesSetupTeardown: true,
    failIfNoPactsFound: true,
    logLevel: (env.PACT_LOG_LEVEL as VerifierOptions['logLevel']) ?? 'warn',
  });
  await verifier.verifyProvider();
}
