/**
 * `npm run pact:verify`: verifies contracts/pacts/*.json (or the broker's pacts, see
 * docs/contracts.md) against a running provider, PACT_PROVIDER_URL (default
 * http://localhost:$PORT, PORT defaulting to 5000 as the reference server's). Provider states are set up through its public API and its dev mail
 * outbox, MAIL_OUTBOX_DIR (default .data/outbox, the reference server's default).
 *
 * One run registers about 25 accounts and logs in about 30 times from this one client: more
 * than a provider's default limits allow in a window. Start the provider for it with
 * RATE_LIMIT_REGISTER_PER_CLIENT, RATE_LIMIT_LOGIN_PER_CLIENT, RATE_LIMIT_FORGOT_PER_CLIENT,
 * RATE_LIMIT_FORGOT_PER_ADDRESS, RATE_LIMIT_RESET_PER_CLIENT, RATE_LIMIT_VERIFY_MAIL_PER_CLIENT and
 * RATE_LIMIT_VERIFY_MAIL_PER_ADDRESS raised (docs/contracts.md, "How to verify"); a state that
 * meets a 429 names the variable. `npm run pact:verify:local` needs none of this.
 */
import path from 'node:path';
import { runVerification } from './run-verification';

const providerUrl = (process.env.PACT_PROVIDER_URL || `http://localhost:${process.env.PORT || '5000'}`).replace(/\/+$/, '');
const outboxDir = path.resolve(process.env.MAIL_OUTBOX_DIR || path.join(process.env.DATA_DIR || '.data', 'outbox'));

/** One quick call first: with nothing listening, say so instead of failing every state setup. */
async function providerAnswers(): Promise<boolean> {
  try {
    await fetch(`${providerUrl}/api/Category`, { signal: AbortSignal.timeout(5000) });
    return true;
  } catch {
    return false;
  }
}

if (!(await providerAnswers())) {
  console.error(`Pact verification: no provider answers at ${providerUrl} (set PACT_PROVIDER_URL).`);
  process.exitCode = 1;
} else {
  try {
    await runVerification({ providerUrl, outboxDir });
    console.log(`Pact verification against ${providerUrl} passed.`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Pact verification against ${providerUrl} failed: ${message}`);
    if (!message.includes('RATE_LIMIT_')) {
      console.error(
        'If an interaction above answered 429, the provider throttled it: start the provider with higher RATE_LIMIT_* ' +
          'variables for the verification (docs/contracts.md, "How to verify").',
      );
    }
    process.exitCode = 1;
  }
}
